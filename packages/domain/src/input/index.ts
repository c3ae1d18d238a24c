export * from './input-rules';
