export * from './api-error';
export * from './client';
export * from './contract-schemas';
export * from './runtime-config';
export * from './services';
export * from './session-marker';
export * from './start-checks';
export type { UploadProgress, UploadProgressListener } from './xhr-fetch';
