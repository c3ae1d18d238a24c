import type { CompanyType } from '@lumen/contracts';
import { Button, Select, TextField } from '@lumen/ui';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maxLength, required, useFormState } from '../../shared/forms';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useFormSubmit } from '../../shared/use-form-submit';
import { loadCompanyTypes, loadProfessions, qualify, type ProfessionOption } from './auth-calls';
import { countryOptions } from './countries';
import { FormAlert } from './form-parts';
import { useFieldProps } from '../../shared/use-field-props';

type Field = 'profesion' | 'companyName' | 'companyTypeId' | 'country';

/** The list's entry that lets the user type their profession. */
const OTHER = 'other';

/**
 * The profession: chosen from the professions list (GET apiv2 /options/professions, in the interface
 * language), whose description is what the account keeps; "Other" (or a list that cannot be loaded,
 * or a profession the account already holds that is not on it) takes it typed.
 */
function professionChoice(professions: readonly ProfessionOption[] | null, profesion: string): string {
  if (!professions) return '';
  const known = professions.find((profession) => profession.description === profesion);
  if (known) return known.code;
  return profesion ? OTHER : '';
}
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
  // null while loading; 'failed': the profession is typed.
  const [professions, setProfessions] = useState<ProfessionOption[] | null | 'failed'>(null);
  const list = Array.isArray(professions) ? professions : null;
  const [chosen, setChosen] = useState<string | null>(null);
  const choice = chosen ?? professionChoice(list, form.values.profesion);
  const typed = professions === 'failed' || choice === OTHER;
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
    dispatch(loadProfessions(lang))
      .unwrap()
      .then((answer) => live && setProfessions(answer.length > 0 ? answer : 'failed'))
      .catch(() => live && setProfessions('failed'));
    return () => {
      live = false;
    };
  }, [dispatch, lang]);

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
      {professions !== 'failed' && (
        <Select
          label={t('auth.field.profession')}
          name="profession"
          isRequired
          isDisabled={professions === null}
          placeholder={professions === null ? t('common.loading') : t('common.choose')}
          options={(list ?? []).map((profession) => ({ value: profession.code, label: profession.description }))}
          value={choice || null}
          onChange={(code) => {
            setChosen(code);
            const profession = list?.find((candidate) => candidate.code === code);
            // A listed profession is kept by its description; "Other" asks for it typed.
            form.setValue('profesion', code === OTHER || !profession ? '' : profession.description);
          }}
          {...(choice === OTHER ? {} : invalid('profesion'))}
        />
      )}
      {typed && (
        <TextField
          label={professions === 'failed' ? t('auth.field.profession') : t('auth.field.professionOther')}
          autoComplete="organization-title"
          autoFocus={professions === 'failed'}
          {...field('profesion')}
        />
      )}
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
