export * from './luminaire-geometry';
export * from './luminaire-mesh';
export * from './dimension-drawing';
export * from './composition-drawing';
export * from './finish-surface';
