export * from './line-prices';
export * from './money';
export * from './price-increments';
