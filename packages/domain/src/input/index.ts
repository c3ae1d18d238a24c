export * from './input-rules';
export * from './copy-name';
export * from './text-rules';
export * from './canonical-json';
