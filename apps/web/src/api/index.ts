export * from './api-error';
export * from './client';
export * from './runtime-config';
export * from './services';
