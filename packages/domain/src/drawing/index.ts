export type * from './drawing.types';
export * from './drawing-families';
export { segmentLength, snapToGrid } from './drawing-geometry';
export { checkDrawing, DRAWING_ELEMENT_ID, RESERVED_ID_PREFIX } from './drawing-check';
export * from './drawing-space';
export * from './drawing-layouts';
export * from './drawing-parts';
