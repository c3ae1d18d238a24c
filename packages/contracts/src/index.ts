export * from './input';
export * from './common';
export * from './errors';
export * from './masters';
export * from './users';
export * from './products';
export * from './projects';
export * from './flags';
