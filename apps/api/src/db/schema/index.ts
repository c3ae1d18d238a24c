export * from './access';
export * from './users';
export * from './catalogue';
export * from './projects';
export * from './request-control';
export * from './flags';
export * from './files';
export * from './support';
