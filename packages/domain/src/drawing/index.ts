export type * from './drawing.types';
