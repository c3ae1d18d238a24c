export * from './bill-of-materials.types';
export * from './bill-of-materials';
export * from './space-migrations';
export * from './space-json';
export * from './space-rebuild';
