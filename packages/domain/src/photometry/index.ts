export * from './photometry';
export * from './photometric-files';
