export * from './creation-codes';
export * from './product-filter';
