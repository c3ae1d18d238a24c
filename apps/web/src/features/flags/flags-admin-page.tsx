import type { FeatureEnvironment, FlagDefinition, FlagList } from '@lumen/contracts';
import { FEATURE_ENVIRONMENTS } from '@lumen/contracts/constants';
import { Button, DataTable, PageHeader, type DataTableColumn } from '@lumen/ui';
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
      <PageHeader titleId="flags-admin-title" title={t('flags.admin.title')} lead={t('flags.admin.intro')} />
      {list.status === 'ready' && (
        <p className="flags-admin__environment">
          {t('flags.admin.environment', { environment: list.data.environment })} {t(list.data.remoteConfigured ? 'flags.admin.remote.on' : 'flags.admin.remote.off')}
        </p>
      )}
      <div className="flags-admin__status" role="status" aria-live="polite">
        {saved ? t('flags.edit.saved', { key: saved }) : ''}
      </div>

      {/* The kit's data table (issue 35 §1): skeleton rows while loading, the error row with its retry, sortable by flag. */}
      <FlagsTable
        list={list.status === 'ready' ? list.data : null}
        status={list.status === 'loading' ? 'loading' : list.status === 'failed' ? 'error' : 'ready'}
        onRetry={reload}
        onEdit={(flag) => {
          setSaved(null);
          setEditing(flag);
        }}
        onHistory={setHistory}
      />

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

function FlagsTable({ list, status, onRetry, onEdit, onHistory }: { list: FlagList | null; status: 'ready' | 'loading' | 'error'; onRetry: () => void; onEdit: (flag: FlagDefinition) => void; onHistory: (key: string) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rolloutText = (value: number | null) => (value === null ? t('flags.rollout.remote') : format.number(value, { style: 'percent', maximumFractionDigits: 2 }));
  const environmentLabel = (environment: FeatureEnvironment) => (environment === list?.environment ? t('flags.admin.inUse', { environment }) : environment);
  const columns: DataTableColumn<FlagDefinition>[] = [
    {
      id: 'flag',
      header: t('flags.column.flag'),
      isRowHeader: true,
      // By name as people read it (the api lists by key, where RemoteDriverCP's capital comes first).
      sortValue: (flag) => flag.key.toLocaleLowerCase('en'),
      cell: (flag) => (
        <>
          <span className="flags-table__key">{flag.key}</span>
          {flag.description && <span className="flags-admin__description">{flag.description}</span>}
        </>
      ),
    },
    { id: 'default', header: t('flags.column.default'), cell: (flag) => t(flag.defaultValue ? 'flags.value.on' : 'flags.value.off') },
    ...FEATURE_ENVIRONMENTS.map((environment) => ({
      id: environment,
      header: environmentLabel(environment),
      cell: (flag: FlagDefinition) => <span className={environment === list?.environment ? 'flags-admin__current' : undefined}>{rolloutText(flag.rollout[environment])}</span>,
    })),
    { id: 'toggles', header: t('flags.column.emailToggles'), cell: (flag) => <EmailToggles toggles={flag.emailToggles} /> },
    {
      id: 'lastChange',
      header: t('flags.column.lastChange'),
      sortValue: (flag) => flag.updatedAt,
      cell: (flag) => (flag.updatedBy ? t('flags.admin.changedBy', { who: flag.updatedBy, when: format.date(flag.updatedAt) }) : t('flags.admin.seeded')),
    },
  ];
  return (
    <DataTable<FlagDefinition>
      aria-label={t('flags.admin.caption')}
      className="flags-admin__table"
      stacked
      columns={columns}
      rows={list?.flags ?? []}
      rowKey={(flag) => flag.key}
      status={status}
      error={t('flags.admin.loadFailed')}
      onRetry={onRetry}
      defaultSort={{ column: 'flag', direction: 'ascending' }}
      skeletonRows={6}
      rowActions={(flag) => (
        <div className="flags-admin__actions">
          <Button variant="secondary" size="sm" aria-label={t('flags.admin.editNamed', { key: flag.key })} onPress={() => onEdit(flag)}>
            {t('flags.admin.edit')}
          </Button>
          <Button variant="ghost" size="sm" aria-label={t('flags.admin.historyNamed', { key: flag.key })} onPress={() => onHistory(flag.key)}>
            {t('flags.admin.history')}
          </Button>
        </div>
      )}
    />
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
