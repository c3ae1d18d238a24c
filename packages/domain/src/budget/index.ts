export * from './budget-totals';
export * from './order-lines';
export * from './creation-bill';
