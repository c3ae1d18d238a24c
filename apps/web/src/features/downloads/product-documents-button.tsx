import type { DocumentAttributes, DocumentRequestItem } from '@lumen/contracts';
import { documentRequests, DOWNLOAD_TYPES, type DownloadType, energyLabelRefusal, isDownloadTypeEnabled } from '@lumen/domain';
import { Button, Modal } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectAccount } from '../../shared/session';
import { useAppSelector } from '../../shared/store';
import { DownloadProgress } from './download-progress';
import { useDownload } from './use-download';
import './downloads.css';

export interface ProductDocumentsButtonProps {
  catalogId: number;
  model: string;
  /** The configured reference, when every attribute is chosen. */
  reference?: string | null;
  attributes?: DocumentAttributes;
  /** A project's line: its documents are read from the line on the server. */
  line?: { projectId: number; productId: string; type: 'REGULAR' | 'CREATION'; creationCode: string | null; validated: boolean };
  /** What the product is called where several buttons sit together (a project's lines): names the button for screen readers. */
  name?: string;
}

/**
 * "Documents" on a configurator and a project line: single documents of the product as configured
 * (spec §9 download types, the creation rules by the domain), in a dialog with their progress.
 */
export function ProductDocumentsButton({ catalogId, model, reference, attributes, line, name }: ProductDocumentsButtonProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<DownloadType>('info');
  const { state, start, cancel, reset } = useDownload();
  const product = { type: line?.type ?? ('REGULAR' as const), model, creationCode: line?.creationCode ?? null, validated: line?.validated ?? false, catalogId };
  // no energy label for a creation (spec §9) nor in the US catalogue (issue 28 §5)
  const choices = DOWNLOAD_TYPES.filter((choice) => choice === 'all' || isDownloadTypeEnabled(choice, product));
  const refusal = energyLabelRefusal(product);

  const begin = () => {
    const docs = documentRequests(product, [type], i18n.language).map(
      (request): DocumentRequestItem => ({
        type: request.type,
        ...(request.subType ? { subType: request.subType } : {}),
        ...(request.language ? { language: request.language as DocumentRequestItem['language'] } : {}),
        params: {
          model,
          productType: product.type,
          ...(line ? { projectId: line.projectId, productId: line.productId } : reference ? { reference } : attributes ? { attributes } : {}),
        },
      }),
    );
    void start({ docs, delivery: docs.length > 1 ? 'zip' : 'files', catalogId, ...(line ? { projectId: line.projectId } : {}) });
  };
  const busy = state.phase === 'starting' || state.phase === 'running';
  const account = useAppSelector(selectAccount);
  // Documents are made for accounts (the socket needs a session); a visitor sees the catalogue only.
  if (!account) return null;

  return (
    <>
      <Button variant={line ? 'ghost' : 'secondary'} size="sm" onPress={() => setOpen(true)}>
        {name ? (
          <>
            <span aria-hidden="true">{t('downloads.button')}</span>
            <span className="lm-visually-hidden">{t('downloads.buttonTitle', { model: name })}</span>
          </>
        ) : (
          t('downloads.button')
        )}
      </Button>
      <Modal
        isOpen={open}
        onClose={() => {
          setOpen(false);
          reset();
        }}
        title={t('downloads.buttonTitle', { model })}
      >
        <div className="downloads-single">
          <label className="downloads-single__choice">
            {t('downloads.documentType')}
            <select value={type} disabled={busy} onChange={(event) => setType(event.target.value as DownloadType)}>
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`downloads.type.${choice}`)}
                </option>
              ))}
            </select>
          </label>
          {refusal && <p className="downloads-single__hint">{t(refusal === 'usCatalogue' ? 'downloads.energyNotUs' : 'downloads.energyDisabled')}</p>}
          <Button onPress={begin} isLoading={state.phase === 'starting'} isDisabled={busy}>
            {t('downloads.start')}
          </Button>
          {state.error && <p role="alert">{t(['LOST', 'FORBIDDEN', 'VALIDATION_FAILED'].includes(state.error) ? `downloads.error.${state.error}` : 'downloads.error.generic')}</p>}
          {state.download && <DownloadProgress state={state} download={state.download} onCancel={cancel} />}
        </div>
      </Modal>
    </>
  );
}
