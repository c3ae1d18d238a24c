import type { FeatureEnvironment, FlagDefinition } from '@lumen/contracts';
import { FEATURE_ENVIRONMENTS } from '@lumen/contracts/constants';
import { Button, Icon, Modal, Select, TextArea, TextField } from '@lumen/ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionFailure } from '../../shared/async-action';
import { useFailureMessage } from '../../shared/error-message';
import { useAppDispatch } from '../../shared/store';
import { DESCRIPTION_MAX, errorsFromServer, formFromFlag, nextRowId, settingsFromForm, type FlagFormErrors, type FlagFormValues, type RolloutSource } from './flag-form';
import { saveFlag } from './flags-calls';

type OnOff = 'on' | 'off';

function isFailure(value: unknown): value is ActionFailure {
  return typeof value === 'object' && value !== null && 'action' in value && 'error' in value;
}

/** The form of one flag: description, default, who decides in each environment and with what share, e-mail toggles. */
export function FlagEditModal({ flag, onClose, onSaved }: { flag: FlagDefinition; onClose: () => void; onSaved: (flag: FlagDefinition) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failureMessage = useFailureMessage();
  const formId = useId();
  const [values, setValues] = useState<FlagFormValues>(() => formFromFlag(flag));
  const [errors, setErrors] = useState<FlagFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const onOff = [
    { value: 'on' as const, label: t('flags.value.on') },
    { value: 'off' as const, label: t('flags.value.off') },
  ];
  const error = (field: string) => (errors[field] ? t(errors[field]) : undefined);

  const update = (change: (current: FlagFormValues) => FlagFormValues, field?: string) => {
    setValues(change);
    // A field's message goes away as soon as the user changes it; the next submit checks again.
    if (field && errors[field])
      setErrors((current) => {
        const next = { ...current };
        delete next[field];
        return next;
      });
  };
  const setRollout = (environment: FeatureEnvironment, change: Partial<FlagFormValues['rollout'][FeatureEnvironment]>) =>
    update((current) => ({ ...current, rollout: { ...current.rollout, [environment]: { ...current.rollout[environment], ...change } } }), `rollout.${environment}`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = settingsFromForm(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      onSaved(await dispatch(saveFlag({ key: flag.key, settings: checked.settings })).unwrap());
    } catch (rejected) {
      setPending(false);
      const fields = isFailure(rejected) ? rejected.error.fields : undefined;
      const fromServer = fields ? errorsFromServer(fields, values) : {};
      setErrors(fromServer);
      setFailure(fromServer.form ? t(fromServer.form) : failureMessage(rejected));
    }
  }

  return (
    <Modal
      isOpen
      onClose={onClose}
      size="large"
      fullScreenOnSmall
      title={<span className="flags-dialog-title">{t('flags.edit.title', { key: flag.key })}</span>}
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            {t('flags.edit.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={pending}>
            {t('flags.edit.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className="flag-form" onSubmit={(event) => void submit(event)} noValidate>
        {failure && (
          <p className="flag-form__failure" role="alert">
            {failure}
          </p>
        )}
        <TextArea
          label={t('flags.edit.description')}
          value={values.description}
          maxLength={DESCRIPTION_MAX}
          rows={2}
          onChange={(description) => update((current) => ({ ...current, description }), 'description')}
          isInvalid={Boolean(errors.description)}
          errorMessage={error('description')}
        />
        <Select<OnOff>
          label={t('flags.edit.defaultValue')}
          description={t('flags.edit.defaultValueHelp')}
          options={onOff}
          value={values.defaultValue ? 'on' : 'off'}
          onChange={(next) => update((current) => ({ ...current, defaultValue: next === 'on' }))}
        />

        <fieldset className="flag-form__group">
          <legend>{t('flags.edit.rolloutLegend')}</legend>
          <p className="flag-form__help">{t('flags.edit.rolloutHelp')}</p>
          {FEATURE_ENVIRONMENTS.map((environment) => {
            const rollout = values.rollout[environment];
            return (
              <div key={environment} className="flag-form__environment">
                <Select<RolloutSource>
                  label={t('flags.edit.source', { environment })}
                  options={[
                    { value: 'table', label: t('flags.edit.source.table') },
                    { value: 'remote', label: t('flags.edit.source.remote') },
                  ]}
                  value={rollout.source}
                  onChange={(source) => setRollout(environment, { source, percent: source === 'table' && rollout.percent === '' ? '0' : rollout.percent })}
                />
                {rollout.source === 'table' && (
                  <TextField
                    label={t('flags.edit.share', { environment })}
                    value={rollout.percent}
                    onChange={(percent) => setRollout(environment, { percent })}
                    isInvalid={Boolean(errors[`rollout.${environment}`])}
                    errorMessage={error(`rollout.${environment}`)}
                  />
                )}
              </div>
            );
          })}
        </fieldset>

        <fieldset className="flag-form__group">
          <legend>{t('flags.edit.emailLegend')}</legend>
          <p className="flag-form__help">{t('flags.edit.emailHelp')}</p>
          {values.emailToggles.length === 0 && <p>{t('flags.edit.noEmails')}</p>}
          {values.emailToggles.map((row, index) => (
            <div key={row.id} className="flag-form__toggle">
              <TextField
                type="email"
                label={t('flags.edit.email', { number: index + 1 })}
                value={row.email}
                autoComplete="off"
                onChange={(email) =>
                  update((current) => ({ ...current, emailToggles: current.emailToggles.map((other) => (other.id === row.id ? { ...other, email } : other)) }), `emailToggles.${row.id}`)
                }
                isInvalid={Boolean(errors[`emailToggles.${row.id}`])}
                errorMessage={error(`emailToggles.${row.id}`)}
              />
              <Select<OnOff>
                label={t('flags.edit.emailValue', { number: index + 1 })}
                options={onOff}
                value={row.enabled ? 'on' : 'off'}
                onChange={(next) => update((current) => ({ ...current, emailToggles: current.emailToggles.map((other) => (other.id === row.id ? { ...other, enabled: next === 'on' } : other)) }))}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('flags.edit.removeEmail', { number: index + 1 })}
                onPress={() => update((current) => ({ ...current, emailToggles: current.emailToggles.filter((other) => other.id !== row.id) }), `emailToggles.${row.id}`)}
              >
                <Icon name="close" aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            size="sm"
            className="flag-form__add"
            onPress={() => update((current) => ({ ...current, emailToggles: [...current.emailToggles, { id: nextRowId(), email: '', enabled: true }] }))}
          >
            <Icon name="plus" size={18} aria-hidden="true" />
            {t('flags.edit.addEmail')}
          </Button>
        </fieldset>
      </form>
    </Modal>
  );
}
