import type { FeatureEnvironment, FlagDefinition, FlagList } from '@lumen/contracts';
import { FEATURE_ENVIRONMENTS } from '@lumen/contracts/constants';
import { Button, Skeleton } from '@lumen/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/use-format';
import { useAppDispatch } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { FlagEditModal } from './flag-edit-modal';
import { FlagHistoryModal } from './flag-history-modal';
import { loadFlagList } from './flags-calls';
import '../../shared/flags/flags.css';
import './flags-admin.css';

/**
 * /backoffice/flags (issue 9 §2): every flag with its rollout per environment and its e-mail toggles,
 * an edit form and each flag's change history. The api allows all of it to backoffice users only.
 */
export default function FlagsAdminPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [list, reload] = useRemote<FlagList>('flags', () => dispatch(loadFlagList()).unwrap());
  const [editing, setEditing] = useState<FlagDefinition | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <section className="page flags-admin" aria-labelledby="flags-admin-title">
      <h1 id="flags-admin-title">{t('flags.admin.title')}</h1>
      <p className="flags-admin__lead">{t('flags.admin.intro')}</p>
      {list.status === 'ready' && (
        <p className="flags-admin__environment">
          {t('flags.admin.environment', { environment: list.data.environment })} {t(list.data.remoteConfigured ? 'flags.admin.remote.on' : 'flags.admin.remote.off')}
        </p>
      )}
      <div className="flags-admin__status" role="status" aria-live="polite">
        {saved ? t('flags.edit.saved', { key: saved }) : ''}
      </div>

      {list.status === 'loading' ? (
        <div role="status" aria-live="polite">
          <span className="lm-visually-hidden">{t('common.loading')}</span>
          <Skeleton lines={6} />
        </div>
      ) : list.status === 'failed' ? (
        <div className="card flags-admin__message" role="alert">
          <p>{t('flags.admin.loadFailed')}</p>
          <Button variant="secondary" onPress={reload}>
            {t('flags.retry')}
          </Button>
        </div>
      ) : (
        <FlagsTable
          list={list.data}
          onEdit={(flag) => {
            setSaved(null);
            setEditing(flag);
          }}
          onHistory={setHistory}
        />
      )}

      {editing && (
        <FlagEditModal
          flag={editing}
          onClose={() => setEditing(null)}
          onSaved={(flag) => {
            setEditing(null);
            setSaved(flag.key);
            reload();
          }}
        />
      )}
      {history && <FlagHistoryModal flagKey={history} onClose={() => setHistory(null)} />}
    </section>
  );
}

function FlagsTable({ list, onEdit, onHistory }: { list: FlagList; onEdit: (flag: FlagDefinition) => void; onHistory: (key: string) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rolloutText = (value: number | null) => (value === null ? t('flags.rollout.remote') : format.number(value, { style: 'percent', maximumFractionDigits: 2 }));
  const environmentLabel = (environment: FeatureEnvironment) => (environment === list.environment ? t('flags.admin.inUse', { environment }) : environment);
  // By name as people read it (the api lists by key, where RemoteDriverCP's capital comes first).
  const flags = [...list.flags].sort((a, b) => a.key.localeCompare(b.key, 'en', { sensitivity: 'base' }));
  return (
    <div className="flags-table__scroll">
      <table className="flags-table flags-table--stacked flags-admin__table">
        <caption className="lm-visually-hidden">{t('flags.admin.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('flags.column.flag')}</th>
            <th scope="col">{t('flags.column.default')}</th>
            {FEATURE_ENVIRONMENTS.map((environment) => (
              <th scope="col" key={environment} className={environment === list.environment ? 'flags-admin__current' : undefined}>
                {environmentLabel(environment)}
              </th>
            ))}
            <th scope="col">{t('flags.column.emailToggles')}</th>
            <th scope="col">{t('flags.column.lastChange')}</th>
            <th scope="col">
              <span className="lm-visually-hidden">{t('flags.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {flags.map((flag) => (
            <tr key={flag.key}>
              <th scope="row">
                <span className="flags-table__key">{flag.key}</span>
                {flag.description && <span className="flags-admin__description">{flag.description}</span>}
              </th>
              <td data-label={t('flags.column.default')}>{t(flag.defaultValue ? 'flags.value.on' : 'flags.value.off')}</td>
              {FEATURE_ENVIRONMENTS.map((environment) => (
                <td key={environment} data-label={environmentLabel(environment)} className={environment === list.environment ? 'flags-admin__current' : undefined}>
                  {rolloutText(flag.rollout[environment])}
                </td>
              ))}
              <td data-label={t('flags.column.emailToggles')}>
                <EmailToggles toggles={flag.emailToggles} />
              </td>
              <td data-label={t('flags.column.lastChange')}>
                {flag.updatedBy ? t('flags.admin.changedBy', { who: flag.updatedBy, when: format.date(flag.updatedAt) }) : t('flags.admin.seeded')}
              </td>
              <td>
                <div className="flags-admin__actions">
                  <Button variant="secondary" size="sm" aria-label={t('flags.admin.editNamed', { key: flag.key })} onPress={() => onEdit(flag)}>
                    {t('flags.admin.edit')}
                  </Button>
                  <Button variant="ghost" size="sm" aria-label={t('flags.admin.historyNamed', { key: flag.key })} onPress={() => onHistory(flag.key)}>
                    {t('flags.admin.history')}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How many per-address settings the list shows before "and N more" (the edit form shows them all). */
const TOGGLES_SHOWN = 3;

function EmailToggles({ toggles }: { toggles: FlagDefinition['emailToggles'] }) {
  const { t } = useTranslation();
  if (toggles.length === 0) return <>{t('flags.admin.noToggles')}</>;
  const more = toggles.length - TOGGLES_SHOWN;
  return (
    <ul className="flags-admin__toggles">
      {toggles.slice(0, TOGGLES_SHOWN).map((toggle) => (
        <li key={toggle.email}>
          <span className="flags-admin__email">{toggle.email}</span> {t(toggle.enabled ? 'flags.value.on' : 'flags.value.off')}
        </li>
      ))}
      {more > 0 && <li>{t('flags.admin.moreToggles', { count: more })}</li>}
    </ul>
  );
}
