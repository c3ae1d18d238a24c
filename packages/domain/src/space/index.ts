export * from './room';
export * from './canopy';
export * from './pendant-height';
export * from './collision';
