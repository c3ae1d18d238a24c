export * from './driver-catalogue';
export * from './drivers';
