export * from './locale-format';
