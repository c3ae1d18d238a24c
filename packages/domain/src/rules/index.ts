export * from './rule.types';
export * from './rules-engine';
export * from './rule-book.schema';
export * from './rule-effect';
