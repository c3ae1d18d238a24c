// The upload queue of every form that sends files (support now, budget requests next).
export { AttachmentsField, type AttachmentsFieldProps } from './attachments-field';
export { useUploadQueue, type UploadQueue, type UploadQueueOptions } from './use-upload-queue';
