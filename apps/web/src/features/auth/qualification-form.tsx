import type { CompanyType } from '@lumen/contracts';
import { Button, Select, TextField } from '@lumen/ui';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maxLength, required, useFormState } from '../../shared/forms';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useFormSubmit } from '../../shared/use-form-submit';
import { loadCompanyTypes, qualify } from './auth-calls';
import { countryOptions } from './countries';
import { FormAlert } from './form-parts';
import { useFieldProps } from '../../shared/use-field-props';

type Field = 'profesion' | 'companyName' | 'companyTypeId' | 'country';
const text = (value: string) => required(value) ?? maxLength(100)(value);
const validators = { profesion: text, companyName: text, companyTypeId: required, country: required };

/** Qualification: what a web user tells us to become a qualified professional. */
/** `onFailed`: the qualification call failed (the embedded views tell their host: qualified error). */
export function QualificationForm({ onDone, onFailed }: { onDone: () => void; onFailed?: (failure: unknown) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const account = useAppSelector((state) => state.session.account);
  const form = useFormState<Field>({ profesion: account?.profesion ?? '', companyName: '', companyTypeId: '', country: '' }, validators);
  const { field, invalid } = useFieldProps(form);
  const [companyTypes, setCompanyTypes] = useState<CompanyType[] | null>(null);
  const { pending, failure, showFailure, onSubmit } = useFormSubmit(form.validateAll, async () => {
    try {
      await dispatch(
        qualify({
          profesion: form.values.profesion.trim(),
          companyName: form.values.companyName.trim(),
          companyTypeId: Number(form.values.companyTypeId),
          country: form.values.country,
        }),
      ).unwrap();
    } catch (failure) {
      onFailed?.(failure);
      throw failure;
    }
    onDone();
  });
  const countries = useMemo(() => countryOptions(lang), [lang]);

  useEffect(() => {
    let live = true;
    dispatch(loadCompanyTypes(lang))
      .unwrap()
      .then((types) => live && setCompanyTypes(types))
      .catch((error: unknown) => {
        if (!live) return;
        setCompanyTypes([]);
        showFailure(error);
      });
    return () => {
      live = false;
    };
  }, [dispatch, showFailure, lang]);

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <p className="auth-form__intro">{t('auth.qualification.intro')}</p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField label={t('auth.field.profession')} autoComplete="organization-title" autoFocus {...field('profesion')} />
      <TextField label={t('auth.field.companyName')} autoComplete="organization" {...field('companyName')} />
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
