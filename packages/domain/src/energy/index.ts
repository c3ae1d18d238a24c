export * from './energy-class';
