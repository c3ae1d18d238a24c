import { Button, FileDropZone, Icon, ProgressBar } from '@lumen/ui';
import { MAX_UPLOAD_BYTES } from '@lumen/contracts/constants';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';
import { ACCEPTED_FILE_TYPES } from './upload-checks';
import { isRetryable, uploadErrorKey, type UploadErrorReason } from './upload-errors';
import type { ListedUpload } from './upload-queue';
import type { UploadQueue } from './use-upload-queue';
import './uploads.css';

export interface AttachmentsFieldProps {
  queue: UploadQueue;
  /** The field's name (the legend, and the drop zone's accessible name). */
  label: string;
}

/**
 * The files of a form: a drop zone with a file button, and one row per file with its progress
 * bar, its "attached" mark or its error (the row's buttons are described by it), and Remove /
 * Retry. A polite live region says when a file is attached or refused.
 */
export function AttachmentsField({ queue, label }: AttachmentsFieldProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const errorText = (reason: UploadErrorReason) => t(uploadErrorKey(reason), { max: queue.maxFiles, size: format.fileSize(MAX_UPLOAD_BYTES) });
  const announcement = useStatusAnnouncement(queue.uploads, errorText);

  // A removed row takes its focused button with it: the focus goes to the drop zone's file button.
  const removeAndRefocus = (requestUuid: string) => {
    queue.remove(requestUuid);
    rootRef.current?.querySelector<HTMLElement>('.lm-dropzone .lm-button')?.focus();
  };

  return (
    <fieldset ref={rootRef} className="attachments">
      <legend className="attachments__legend">{label}</legend>
      <FileDropZone
        label={label}
        description={t('upload.hint', { max: queue.maxFiles, size: format.fileSize(MAX_UPLOAD_BYTES) })}
        acceptedFileTypes={ACCEPTED_FILE_TYPES}
        onFiles={queue.add}
      />
      {queue.uploads.length > 0 && (
        <ul className="attachments__list" aria-label={t('upload.list')}>
          {queue.uploads.map((upload) => (
            <UploadRow key={upload.requestUuid} upload={upload} errorText={errorText} onRemove={removeAndRefocus} onRetry={queue.retry} />
          ))}
        </ul>
      )}
      <p className="lm-visually-hidden" role="status">
        {announcement}
      </p>
    </fieldset>
  );
}

interface UploadRowProps {
  upload: ListedUpload;
  errorText: (reason: UploadErrorReason) => string;
  onRemove: (requestUuid: string) => void;
  onRetry: (requestUuid: string) => void;
}

function UploadRow({ upload, errorText, onRemove, onRetry }: UploadRowProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const errorId = useId();
  const { name, status, error } = upload;
  const describedBy = status === 'failed' ? errorId : undefined;
  return (
    <li className="attachments__item" data-status={status}>
      <Icon name="file" className="attachments__icon" />
      <div className="attachments__body">
        {status === 'uploading' ? (
          <ProgressBar
            label={t('upload.uploading', { name })}
            value={upload.progress}
            valueLabel={t('upload.progress', { percent: format.number(upload.progress / 100, { style: 'percent' }), size: format.fileSize(upload.size) })}
          />
        ) : (
          <span className="attachments__name">{name}</span>
        )}
        {status === 'attached' && (
          <span className="attachments__done">
            <Icon name="check" size={16} />
            {t('upload.attached', { size: format.fileSize(upload.size) })}
          </span>
        )}
        {status === 'failed' && error && (
          <p id={errorId} className="attachments__error">
            <Icon name="error" size={16} />
            {errorText(error)}
          </p>
        )}
      </div>
      <div className="attachments__actions">
        {status === 'failed' && error && isRetryable(error) && (
          <Button variant="secondary" size="sm" aria-label={t('upload.retryFile', { name })} aria-describedby={describedBy} onPress={() => onRetry(upload.requestUuid)}>
            {t('upload.retry')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-label={t(status === 'uploading' ? 'upload.cancelFile' : 'upload.removeFile', { name })}
          aria-describedby={describedBy}
          onPress={() => onRemove(upload.requestUuid)}
        >
          {t(status === 'uploading' ? 'upload.cancel' : 'upload.remove')}
        </Button>
      </div>
    </li>
  );
}

/**
 * The last files that arrived or were refused, in words, for the live region: worked out while
 * rendering, from the statuses the previous list had.
 */
function useStatusAnnouncement(uploads: readonly ListedUpload[], errorText: (reason: UploadErrorReason) => string): string {
  const { t } = useTranslation();
  const [seen, setSeen] = useState<{ uploads: readonly ListedUpload[]; announcement: string }>({ uploads, announcement: '' });
  if (seen.uploads === uploads) return seen.announcement;
  const before = new Map(seen.uploads.map((upload) => [upload.requestUuid, upload.status]));
  const messages: string[] = [];
  for (const upload of uploads) {
    if (before.get(upload.requestUuid) === upload.status) continue;
    if (upload.status === 'attached') messages.push(t('upload.announce.attached', { name: upload.name }));
    if (upload.status === 'failed' && upload.error) messages.push(t('upload.announce.failed', { name: upload.name, reason: errorText(upload.error) }));
  }
  const announcement = messages.length > 0 ? messages.join(' ') : seen.announcement;
  setSeen({ uploads, announcement });
  return announcement;
}
