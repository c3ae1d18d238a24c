export * from './attribute-codes';
export * from './availability';
export * from './pendant-height';
export * from './validity';
export * from './variations';
export * from './line-attributes';
