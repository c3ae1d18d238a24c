// The rule book's parser (the domain's zod schema of a rules file) apart from catalogue-calls.ts, which
// imports it when a rules file comes: zod's core and the schema's construction are then no part of a
// screen's first modules (the configurator page paints its title and picture without them, issue 35 §5).
export { parseRuleBook } from '@lumen/domain';
