export * from './lead-time';
