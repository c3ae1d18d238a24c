export * from './lead-time';
export * from './shipping-plan';
