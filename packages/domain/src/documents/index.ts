export * from './document-requests';
export * from './download-progress';
