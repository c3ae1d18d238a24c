import type { ToolBatch, ToolBatchBody, ToolBatchKind } from '@lumen/contracts';
import { Badge, type BadgeTone, Button, ProgressBar } from '@lumen/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../shared/save-file';
import { useAppDispatch } from '../../shared/store';
import { cancelBatch, downloadBatchFile, loadBatch, loadBatches, startBatch } from './tools-calls';

/** How often a running batch's progress is asked for (the job's progress is stored on its row, any node answers). */
export const BATCH_POLL_MS = 1000;

const TONES: Record<ToolBatch['status'], BadgeTone> = { pending: 'muted', running: 'neutral', done: 'success', failed: 'danger', cancelled: 'warning' };
const settled = (batch: ToolBatch) => batch.status === 'done' || batch.status === 'failed' || batch.status === 'cancelled';

function reasonOf(failure: unknown): string {
  const error = (failure as { error?: { ErrorDescription?: unknown } } | undefined)?.error;
  return typeof error?.ErrorDescription === 'string' ? error.ErrorDescription : '';
}

/**
 * A batch of the tools (issue 32 §3, §6): the button that starts it as a job on the shared queue, then
 * its live progress, a cancel, and the result list with each failure's reason and each file to download.
 * The batch's id is kept while the page is open; the latest batches of the kind are listed to reopen one.
 */
export function BatchRunner({ kind, body, startLabel, isDisabled = false }: { kind: ToolBatchKind; body: () => ToolBatchBody | null; startLabel: string; isDisabled?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [batch, setBatch] = useState<ToolBatch | null>(null);
  const [recent, setRecent] = useState<ToolBatch[]>([]);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    dispatch(loadBatches({ kind }))
      .unwrap()
      .then((list) => live && setRecent(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dispatch, kind, batch?.id, batch?.status]);

  // Follows the running batch until it settles.
  useEffect(() => {
    if (!batch || settled(batch)) return;
    const timer = setTimeout(() => {
      dispatch(loadBatch({ id: batch.id }))
        .unwrap()
        .then(setBatch)
        .catch(() => setBatch({ ...batch }));
    }, BATCH_POLL_MS);
    return () => clearTimeout(timer);
  }, [batch, dispatch]);

  const start = async () => {
    const request = body();
    if (!request) return;
    setStarting(true);
    setProblem(null);
    try {
      setBatch(await dispatch(startBatch(request)).unwrap());
    } catch (failure) {
      setProblem(t('tools.batch.startFailed', { reason: reasonOf(failure) }));
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="tools-batch">
      <Button onPress={() => void start()} isLoading={starting} isDisabled={isDisabled || (batch !== null && !settled(batch))}>
        {startLabel}
      </Button>
      {problem && <p role="alert">{problem}</p>}
      {batch && <BatchView batch={batch} onChange={setBatch} />}
      {recent.filter((item) => item.id !== batch?.id).length > 0 && (
        <details className="tools-batch__recent">
          <summary>{t('tools.batch.recent')}</summary>
          <ul>
            {recent
              .filter((item) => item.id !== batch?.id)
              .map((item) => (
                <li key={item.id}>
                  <Button variant="link" onPress={() => setBatch(item)}>
                    {t('tools.batch.open', { id: item.id, status: t(`tools.batch.status.${item.status}`), done: item.done, total: item.total })}
                  </Button>
                </li>
              ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function BatchView({ batch, onChange }: { batch: ToolBatch; onChange: (batch: ToolBatch) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failed = batch.items.filter((item) => item.status === 'failed').length;
  const save = async (file: number, name: string) => {
    const blob = await dispatch(downloadBatchFile({ id: batch.id, file })).unwrap();
    saveFile(blob, name);
  };
  return (
    <section className="tools-batch__view" aria-label={t('tools.batch.results')}>
      <div className="tools-batch__head">
        <Badge tone={TONES[batch.status]}>{t(`tools.batch.status.${batch.status}`)}</Badge>
        {failed > 0 && <Badge tone="danger">{t('tools.batch.failures', { count: failed })}</Badge>}
        {!settled(batch) && (
          <Button variant="secondary" size="sm" onPress={() => void dispatch(cancelBatch({ id: batch.id })).unwrap().then(onChange)}>
            {t('tools.batch.cancel')}
          </Button>
        )}
      </div>
      <ProgressBar label={t('tools.batch.progressLabel')} value={batch.done} maxValue={Math.max(batch.total, 1)} valueLabel={t('tools.batch.progress', { done: batch.done, total: batch.total })} />
      <p role="status" className="tools-batch__status">
        {t('tools.batch.progress', { done: batch.done, total: batch.total })}
      </p>
      {batch.error && <p role="alert">{batch.error}</p>}
      {batch.items.length > 0 && (
        <ul className="tools-batch__items">
          {batch.items.map((item, index) => (
            <li key={index} className={`tools-batch__item tools-batch__item--${item.status}`}>
              <span className="tools-batch__label">{item.label}</span>
              {item.status === 'done' && item.file !== undefined && item.fileName && (
                <Button variant="link" onPress={() => void save(item.file as number, item.fileName as string)} aria-label={t('tools.batch.download', { name: `${item.label} (${item.fileName})` })}>
                  {item.fileName}
                </Button>
              )}
              {item.status === 'failed' && <span className="tools-batch__reason">{t('tools.batch.itemFailed', { reason: item.reason ?? '' })}</span>}
              {item.status === 'pending' && <span className="tools-batch__pending">{t('tools.batch.itemPending')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
