import type { FlagChange, FlagHistory } from '@lumen/contracts';
import { Button, Modal, Skeleton } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { diffFlagStates, type FlagDifference } from './flag-history';
import { loadFlagHistory } from './flags-calls';

/** The recorded changes of one flag, newest first: who, when, and each field before and after. */
export function FlagHistoryModal({ flagKey, onClose }: { flagKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [pages, setPages] = useState(1);
  const [first] = useRemote<FlagHistory>(`history:${flagKey}`, () => dispatch(loadFlagHistory({ key: flagKey, page: 1 })).unwrap());
  const [older, setOlder] = useState<FlagChange[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);

  async function more() {
    setLoadingMore(true);
    const result = await dispatch(loadFlagHistory({ key: flagKey, page: pages + 1 }));
    setLoadingMore(false);
    if (loadFlagHistory.fulfilled.match(result)) {
      setOlder((current) => [...current, ...result.payload.items]);
      setPages((n) => n + 1);
    }
  }

  const changes = first.status === 'ready' ? [...first.data.items, ...older] : [];
  const total = first.status === 'ready' ? first.data.total : 0;
  return (
    <Modal isOpen onClose={onClose} size="large" title={<span className="flags-dialog-title">{t('flags.history.title', { key: flagKey })}</span>}>
      {first.status === 'loading' ? (
        <div role="status" aria-live="polite">
          <span className="lm-visually-hidden">{t('common.loading')}</span>
          <Skeleton lines={4} />
        </div>
      ) : first.status === 'failed' ? (
        <p role="alert">{t('flags.history.loadFailed')}</p>
      ) : changes.length === 0 ? (
        <p>{t('flags.history.empty')}</p>
      ) : (
        <ol className="flag-history" aria-label={t('flags.history.listLabel', { key: flagKey })}>
          {changes.map((change) => (
            <ChangeItem key={change.id} change={change} />
          ))}
        </ol>
      )}
      {changes.length < total && (
        <Button variant="secondary" isLoading={loadingMore} onPress={() => void more()}>
          {t('flags.history.more')}
        </Button>
      )}
    </Modal>
  );
}

function ChangeItem({ change }: { change: FlagChange }) {
  const { t } = useTranslation();
  const format = useFormat();
  const when = format.date(change.changedAt, { dateStyle: 'medium', timeStyle: 'short' });
  const differences = diffFlagStates(change.before, change.after);
  return (
    <li className="flag-history__change">
      <p className="flag-history__who">
        {t(change.before ? 'flags.history.changed' : 'flags.history.created', { who: change.changedBy.email, when })}
      </p>
      {differences.length === 0 ? (
        <p>{t('flags.history.noDifference')}</p>
      ) : (
        <table className="flags-table flags-table--stacked flag-history__table">
          <caption className="lm-visually-hidden">{t('flags.history.caption', { who: change.changedBy.email, when })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('flags.history.field')}</th>
              <th scope="col">{t('flags.history.before')}</th>
              <th scope="col">{t('flags.history.after')}</th>
            </tr>
          </thead>
          <tbody>
            {differences.map((difference) => (
              <DifferenceRow key={rowKey(difference)} difference={difference} />
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

const rowKey = (difference: FlagDifference) =>
  difference.kind === 'rollout' ? `rollout.${difference.environment}` : difference.kind === 'emailToggle' ? `email.${difference.email}` : difference.kind;

function DifferenceRow({ difference }: { difference: FlagDifference }) {
  const { t } = useTranslation();
  const format = useFormat();
  const absent = t('flags.history.absent');
  const onOff = (value: boolean | undefined) => (value === undefined ? absent : t(value ? 'flags.value.on' : 'flags.value.off'));
  const share = (value: number | null | undefined) =>
    value === undefined ? absent : value === null ? t('flags.rollout.remote') : format.number(value, { style: 'percent', maximumFractionDigits: 2 });
  let field: string;
  let before: string;
  let after: string;
  switch (difference.kind) {
    case 'description':
      field = t('flags.edit.description');
      before = difference.before || absent;
      after = difference.after || absent;
      break;
    case 'defaultValue':
      field = t('flags.column.default');
      before = onOff(difference.before);
      after = onOff(difference.after);
      break;
    case 'rollout':
      field = t('flags.history.rollout', { environment: difference.environment });
      before = share(difference.before);
      after = share(difference.after);
      break;
    case 'emailToggle':
      field = t('flags.history.emailToggle', { email: difference.email });
      before = onOff(difference.before);
      after = onOff(difference.after);
      break;
  }
  return (
    <tr>
      <th scope="row">{field}</th>
      <td data-label={t('flags.history.before')}>{before}</td>
      <td data-label={t('flags.history.after')}>{after}</td>
    </tr>
  );
}
