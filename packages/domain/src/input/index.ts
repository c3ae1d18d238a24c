export * from './input-rules';
export * from './copy-name';
export * from './text-rules';
