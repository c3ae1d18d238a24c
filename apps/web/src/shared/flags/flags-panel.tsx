import { Button, Modal, Select } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import type { FlagStatus } from './evaluated-flags-provider';
import { useFlagsClient, useFlagStatuses } from './flags-react';
import './flags.css';

type OverrideChoice = 'none' | 'on' | 'off';

const choiceOf = (override: boolean | undefined): OverrideChoice => (override === undefined ? 'none' : override ? 'on' : 'off');

/**
 * The flags panel of backoffice users (issue 9 §2): every flag with the value the server serves to
 * them, and a local override they can set or clear. Overrides live in this browser only.
 */
export function FlagsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { provider } = useFlagsClient();
  const statuses = useFlagStatuses();
  const anyOverride = statuses.some((status) => status.override !== undefined);
  return (
    <Modal
      isOpen
      onClose={onClose}
      size="large"
      title={t('flags.panel.title')}
      footer={
        <>
          <Button variant="secondary" isDisabled={!anyOverride} onPress={() => provider.clearOverrides()}>
            {t('flags.panel.clearAll')}
          </Button>
          <Button onPress={onClose}>{t('common.close')}</Button>
        </>
      }
    >
      <p className="flags-panel__intro">{t('flags.panel.intro')}</p>
      <div className="flags-table__scroll">
        <table className="flags-table flags-table--stacked flags-panel__table">
          <caption className="lm-visually-hidden">{t('flags.panel.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('flags.column.flag')}</th>
              <th scope="col">{t('flags.panel.served')}</th>
              <th scope="col">{t('flags.panel.override')}</th>
            </tr>
          </thead>
          <tbody>
            {statuses.map((status) => (
              <FlagRow key={status.key} status={status} onChange={(value) => provider.setOverride(status.key, value)} />
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}

function FlagRow({ status, onChange }: { status: FlagStatus; onChange: (value: boolean | null) => void }) {
  const { t } = useTranslation();
  const choice = choiceOf(status.override);
  return (
    <tr className={choice === 'none' ? undefined : 'flags-table__overridden'}>
      <th scope="row" className="flags-table__key">
        {status.key}
      </th>
      <td data-label={t('flags.panel.served')}>{status.served === undefined ? t('flags.panel.notServed') : t(status.served ? 'flags.value.on' : 'flags.value.off')}</td>
      <td data-label={t('flags.panel.override')} className="flags-panel__override-cell">
        <Select<OverrideChoice>
          className="flags-panel__override"
          label={<span className="lm-visually-hidden">{t('flags.panel.overrideOf', { key: status.key })}</span>}
          options={[
            { value: 'none', label: t('flags.panel.noOverride') },
            { value: 'on', label: t('flags.value.on') },
            { value: 'off', label: t('flags.value.off') },
          ]}
          value={choice}
          onChange={(next) => onChange(next === 'none' ? null : next === 'on')}
        />
      </td>
    </tr>
  );
}
