import clsx from 'clsx';
import type { ReactNode } from 'react';
import { DropZone, FileTrigger, isFileDropItem, type DropItem } from 'react-aria-components';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { useWidgetsTranslation } from '../i18n/use-widgets-translation';

export interface FileDropZoneProps {
  /** Names the zone for assistive technology (e.g. "Attachments"). */
  label: string;
  /** The button's text; default "Choose files" (or "Choose a file" when only one is allowed). */
  buttonLabel?: string;
  /** Shown under the button, e.g. what is accepted and up to which size. */
  description?: ReactNode;
  /** The file picker's filter (extensions with their dot, or media types). Dropped files are not filtered: the caller checks them. */
  acceptedFileTypes?: readonly string[];
  /** Default true. */
  allowsMultiple?: boolean;
  /** The files chosen or dropped, in order. */
  onFiles: (files: File[]) => void;
  isDisabled?: boolean;
  className?: string;
}

/**
 * Where files are added: dragged onto the zone, or chosen with its button (a real file input behind
 * a kit Button, so the keyboard reaches it). Dragged text and folders are ignored.
 */
export function FileDropZone({ label, buttonLabel, description, acceptedFileTypes, allowsMultiple = true, onFiles, isDisabled = false, className }: FileDropZoneProps) {
  const { t } = useWidgetsTranslation();
  const onDrop = async (items: readonly DropItem[]) => {
    const files = await Promise.all(items.filter(isFileDropItem).map((item) => item.getFile()));
    if (files.length > 0) onFiles(allowsMultiple ? files : files.slice(0, 1));
  };
  return (
    <DropZone
      aria-label={label}
      isDisabled={isDisabled}
      getDropOperation={() => (isDisabled ? 'cancel' : 'copy')}
      onDrop={(event) => void onDrop(event.items)}
      className={clsx('lm-dropzone', className)}
    >
      {({ isDropTarget }) => (
        <>
          <Icon name="upload" size={28} className="lm-dropzone__icon" />
          <p className="lm-dropzone__hint">{isDropTarget ? t('fileDropZone.dropNow') : t('fileDropZone.dragHere')}</p>
          <FileTrigger acceptedFileTypes={acceptedFileTypes} allowsMultiple={allowsMultiple} onSelect={(list) => list && list.length > 0 && onFiles(Array.from(list))}>
            <Button variant="secondary" size="sm" isDisabled={isDisabled}>
              {buttonLabel ?? (allowsMultiple ? t('fileDropZone.chooseFiles') : t('fileDropZone.chooseFile'))}
            </Button>
          </FileTrigger>
          {description !== undefined && <p className="lm-dropzone__description">{description}</p>}
        </>
      )}
    </DropZone>
  );
}
