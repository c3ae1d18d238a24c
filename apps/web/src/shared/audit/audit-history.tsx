import type { AuditEvent, AuditPage } from '@lumen/contracts';
import { Button, Skeleton } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';
import { useAppDispatch } from '../store';
import { useRemote } from '../use-remote';
import { type AuditSource, auditSourceKey, loadAuditPage } from './audit-calls';
import { auditActionKey, auditChanges, auditFieldKey, auditValueText } from './audit-describe';
import './audit.css';

/**
 * The recorded changes of a project, a user or the whole platform (issue 17 §3), newest first: who
 * (and on whose behalf when a staff member acted for a customer), when, what, and each field before
 * and after; older pages on demand. Any feature mounts it: `<AuditHistory source={{ kind: 'user', id }} />`.
 */
export function AuditHistory({ source, label }: { source: AuditSource; label?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const key = auditSourceKey(source);
  const [first, reload] = useRemote<AuditPage>(key, () => dispatch(loadAuditPage({ source, page: 1 })).unwrap());
  const [older, setOlder] = useState<{ key: string; pages: number; items: AuditEvent[] }>({ key, pages: 1, items: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  const mine = older.key === key ? older : { key, pages: 1, items: [] };

  async function more() {
    setLoadingMore(true);
    const result = await dispatch(loadAuditPage({ source, page: mine.pages + 1 }));
    setLoadingMore(false);
    if (loadAuditPage.fulfilled.match(result)) setOlder({ key, pages: mine.pages + 1, items: [...mine.items, ...result.payload.items] });
  }

  if (first.status === 'loading') {
    return (
      <div role="status" aria-live="polite" className="audit-history">
        <span className="lm-visually-hidden">{t('common.loading')}</span>
        <Skeleton lines={3} />
      </div>
    );
  }
  if (first.status === 'failed') {
    return (
      <div className="audit-history">
        <p role="alert">{t('audit.history.loadFailed')}</p>
        <Button variant="secondary" size="sm" onPress={reload}>
          {t('audit.history.retry')}
        </Button>
      </div>
    );
  }
  const events = [...first.data.items, ...mine.items];
  return (
    <div className="audit-history">
      {events.length === 0 ? (
        <p>{t('audit.history.empty')}</p>
      ) : (
        <AuditEventList events={events} label={label ?? t('audit.history.title')} />
      )}
      {events.length < first.data.total && (
        <Button variant="secondary" size="sm" isLoading={loadingMore} onPress={() => void more()}>
          {t('audit.history.more')}
        </Button>
      )}
    </div>
  );
}

/** The rows of the trail as a list (the admin trail screen shows the same rows). */
export function AuditEventList({ events, label }: { events: readonly AuditEvent[]; label: string }) {
  return (
    <ol className="audit-history__list" aria-label={label}>
      {events.map((event) => (
        <AuditEventItem key={event.id} event={event} />
      ))}
    </ol>
  );
}

function AuditEventItem({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const format = useFormat();
  const when = format.date(event.at, { dateStyle: 'medium', timeStyle: 'short' });
  const actor = event.actor.id === null && event.actor.name === 'system' ? t('audit.history.system') : event.actor.name;
  const who = event.onBehalfOf ? t('audit.history.onBehalf', { actor, subject: event.onBehalfOf.name }) : actor;
  const what = t(auditActionKey(event.action), { defaultValue: event.action });
  const entity = t(`audit.entity.${event.entity}`);
  const changes = auditChanges(event);
  return (
    <li className="audit-history__item">
      <p className="audit-history__head">
        <span className="audit-history__who">{who}</span>
        <span className="audit-history__what">{t('audit.history.did', { action: what, entity, id: event.entityId })}</span>
        <time className="audit-history__when" dateTime={event.at}>
          {when}
        </time>
      </p>
      {changes.length > 0 && (
        <dl className="audit-history__changes">
          {changes.map((change) => (
            <div key={change.field} className="audit-history__change">
              <dt>{auditFieldKey(change.field) ? t(auditFieldKey(change.field) ?? '') : change.field}</dt>
              <dd>
                {change.before !== undefined && event.before !== null && (
                  <>
                    <del aria-label={t('audit.history.before')}>
                      <Value value={change.before} />
                    </del>
                    {' → '}
                  </>
                )}
                {change.after !== undefined && event.after !== null ? (
                  <ins aria-label={t('audit.history.after')}>
                    <Value value={change.after} />
                  </ins>
                ) : (
                  <span>{t('audit.history.removed')}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

function Value({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === true) return <>{t('audit.value.yes')}</>;
  if (value === false) return <>{t('audit.value.no')}</>;
  if (value === null || value === undefined || value === '') return <>{t('audit.value.empty')}</>;
  return <>{auditValueText(value)}</>;
}
