export * from './budget-totals';
export * from './order-lines';
