import type { CompanyType } from '@lumen/contracts';
import { Button, Select, TextField } from '@lumen/ui';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureMessage } from '../../app/error-message';
import { maxLength, required, useFormState } from '../../app/forms';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { loadCompanyTypes, qualify } from './auth-calls';
import { countryOptions } from './countries';
import { FormAlert } from './form-parts';

type Field = 'profesion' | 'companyName' | 'companyTypeId' | 'country';
const text = (value: string) => required(value) ?? maxLength(100)(value);
const validators = { profesion: text, companyName: text, companyTypeId: required, country: required };

/** Qualification: what a web user tells us to become a qualified professional. */
export function QualificationForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const account = useAppSelector((state) => state.session.account);
  const failureMessage = useFailureMessage();
  const form = useFormState<Field>({ profesion: account?.profesion ?? '', companyName: '', companyTypeId: '', country: '' }, validators);
  const [companyTypes, setCompanyTypes] = useState<CompanyType[] | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const countries = useMemo(() => countryOptions(lang), [lang]);

  useEffect(() => {
    let live = true;
    dispatch(loadCompanyTypes(lang))
      .unwrap()
      .then((types) => live && setCompanyTypes(types))
      .catch((error: unknown) => {
        if (!live) return;
        setCompanyTypes([]);
        setFailure(failureMessage(error));
      });
    return () => {
      live = false;
    };
  }, [dispatch, failureMessage, lang]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!form.validateAll()) return;
    setPending(true);
    try {
      await dispatch(
        qualify({
          profesion: form.values.profesion.trim(),
          companyName: form.values.companyName.trim(),
          companyTypeId: Number(form.values.companyTypeId),
          country: form.values.country,
        }),
      ).unwrap();
      onDone();
    } catch (error) {
      setFailure(failureMessage(error));
      setPending(false);
    }
  }

  const invalid = (name: Field) => ({
    isInvalid: Boolean(form.errors[name]),
    errorMessage: form.errors[name] ? t(form.errors[name]) : undefined,
  });

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="auth-form__intro">{t('auth.qualification.intro')}</p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField
        label={t('auth.field.profession')}
        name="profesion"
        autoComplete="organization-title"
        isRequired
        autoFocus
        value={form.values.profesion}
        onChange={(value) => form.setValue('profesion', value)}
        onBlur={() => form.blur('profesion')}
        {...invalid('profesion')}
      />
      <TextField
        label={t('auth.field.companyName')}
        name="companyName"
        autoComplete="organization"
        isRequired
        value={form.values.companyName}
        onChange={(value) => form.setValue('companyName', value)}
        onBlur={() => form.blur('companyName')}
        {...invalid('companyName')}
      />
      <Select
        label={t('auth.field.companyType')}
        name="companyTypeId"
        isRequired
        isDisabled={companyTypes === null}
        placeholder={companyTypes === null ? t('common.loading') : t('common.choose')}
        options={(companyTypes ?? []).map((type) => ({ value: String(type.id), label: type.description }))}
        value={form.values.companyTypeId || null}
        onChange={(value) => form.setValue('companyTypeId', value)}
        {...invalid('companyTypeId')}
      />
      <Select
        label={t('auth.field.country')}
        name="country"
        isRequired
        placeholder={t('common.choose')}
        options={countries}
        value={form.values.country || null}
        onChange={(value) => form.setValue('country', value)}
        {...invalid('country')}
      />
      <Button type="submit" fullWidth isLoading={pending}>
        {t('auth.qualification.submit')}
      </Button>
    </form>
  );
}
