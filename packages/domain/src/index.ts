// Public entry of @lumen/domain: each area re-exports its own index.
export * from './access';
export * from './catalogue';
export * from './reference';
export * from './attributes';
export * from './pricing';
export * from './budget';
export * from './lead-time';
export * from './units';
export * from './codes';
export * from './routing';
export * from './documents';
export * from './input';
export * from './drivers';
export * from './space';
export * from './rules';
export * from './element-tree';
export * from './bill-of-materials';
