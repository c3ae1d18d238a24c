import type { JsonObject } from '@lumen/contracts';
import { Button, TextField } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureMessage } from '../../shared/error-message';
import { useAppDispatch } from '../../shared/store';
import { shareCreation } from './drawing-share-calls';

export interface ShareButtonProps {
  /** The configuration to share (spaceToJSON of the drawing). */
  space: JsonObject;
  subFamilyId: number;
  isDisabled?: boolean;
}

type ShareState = { status: 'idle' } | { status: 'sharing' } | { status: 'shared'; url: string; copied: boolean | null } | { status: 'failed'; message: string };

/** The absolute address of a share's path on this site. */
export const shareUrl = (path: string): string => new URL(path, window.location.origin).toString();

/**
 * "Share" (issue 16 §5): stores the configuration as an immutable snapshot on the api and shows its
 * link, ready to copy. Nothing priced goes with it: whoever opens the link sees the prices of their own
 * role and rate. Each press makes a new snapshot of the configuration as it is then.
 */
export function ShareButton({ space, subFamilyId, isDisabled }: ShareButtonProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failureMessage = useFailureMessage();
  const [state, setState] = useState<ShareState>({ status: 'idle' });

  async function share() {
    setState({ status: 'sharing' });
    const result = await dispatch(shareCreation({ space, subFamilyId }));
    if (shareCreation.fulfilled.match(result)) setState({ status: 'shared', url: shareUrl(result.payload.path), copied: null });
    else setState({ status: 'failed', message: failureMessage(result.payload) });
  }

  async function copy(url: string) {
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      copied = false;
    }
    setState((current) => (current.status === 'shared' && current.url === url ? { ...current, copied } : current));
  }

  return (
    <div className="drawing-share">
      <Button variant="secondary" onPress={() => void share()} isLoading={state.status === 'sharing'} isDisabled={isDisabled}>
        {t('drawingShare.share.action')}
      </Button>
      {state.status === 'shared' && (
        <div className="drawing-share__link">
          <TextField label={t('drawingShare.share.link')} value={state.url} isReadOnly />
          <Button variant="secondary" onPress={() => void copy(state.url)}>
            {t('drawingShare.share.copy')}
          </Button>
        </div>
      )}
      <p role="status" className="drawing-share__status">
        {state.status === 'shared' ? (state.copied === true ? t('drawingShare.share.copied') : state.copied === false ? t('drawingShare.share.copyFailed') : t('drawingShare.share.ready')) : ''}
      </p>
      {state.status === 'failed' && (
        <p role="alert" className="drawing-share__error">
          {state.message}
        </p>
      )}
    </div>
  );
}
