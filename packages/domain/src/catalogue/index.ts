export * from './catalogue.types';
export * from './domain-error';
