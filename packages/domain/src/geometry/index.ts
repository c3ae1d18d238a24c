export * from './luminaire-geometry';
export * from './luminaire-mesh';
export * from './dimension-drawing';
