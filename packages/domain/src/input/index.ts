export * from './input-rules';
export * from './copy-name';
