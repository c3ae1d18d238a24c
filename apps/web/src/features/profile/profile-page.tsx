import { LANGS, type Account, type Lang } from '@lumen/contracts';
import { roleName } from '@lumen/domain';
import { Button, Select, TextField } from '@lumen/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { maxLength, required, useFormState } from '../../shared/forms';
import { changeLanguage } from '../../shared/preferences';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { authModalOpened } from '../../shared/ui-state';
import { updateProfile } from './profile-calls';

/**
 * /my-profile (needs login): name, profession, language, password change. `children`: sections of
 * other features, joined by an app page (the requests the user sent).
 */
export function ProfilePage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const account = useAppSelector((state) => state.session.account);
  if (!account) return null;
  return (
    <section className="page page--narrow profile" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profile.title')}</h1>
      <AccountSummary account={account} />
      <ProfileForm key={account.id} account={account} />
      {children}
      <LanguageSection />
      <PasswordSection />
    </section>
  );
}

function AccountSummary({ account }: { account: Account }) {
  const { t } = useTranslation();
  const role = roleName(account.rolId);
  return (
    <dl className="card profile__summary">
      <div>
        <dt>{t('profile.email')}</dt>
        <dd>{account.email}</dd>
      </div>
      <div>
        <dt>{t('profile.role')}</dt>
        <dd>{role ? t(`role.${role}`) : t('role.unknown')}</dd>
      </div>
      {account.company && (
        <div>
          <dt>{t('profile.company')}</dt>
          <dd>{account.company.name}</dd>
        </div>
      )}
    </dl>
  );
}

type Field = 'name' | 'profesion';
const validators = { name: (value: string) => required(value) ?? maxLength(100)(value), profesion: maxLength(100) };

function ProfileForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const form = useFormState<Field>({ name: account.name, profesion: account.profesion ?? '' }, validators);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (!form.validateAll()) return;
    setPending(true);
    const result = await dispatch(updateProfile({ id: account.id, body: { name: form.values.name.trim(), profesion: form.values.profesion.trim() || null } }));
    setPending(false);
    // A failure opens the error dialog (showError).
    if (updateProfile.fulfilled.match(result)) setSaved(true);
  }

  const field = (name: Field) => ({
    name,
    value: form.values[name],
    onChange: (value: string) => {
      setSaved(false);
      form.setValue(name, value);
    },
    onBlur: () => form.blur(name),
    isInvalid: Boolean(form.errors[name]),
    errorMessage: form.errors[name] ? t(form.errors[name]) : undefined,
  });

  return (
    <form className="card profile__section" aria-labelledby="profile-details-title" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id="profile-details-title">{t('profile.details.title')}</h2>
      <TextField label={t('profile.field.name')} autoComplete="name" isRequired {...field('name')} />
      <TextField label={t('profile.field.profession')} autoComplete="organization-title" {...field('profesion')} />
      <div className="profile__actions">
        <Button type="submit" isLoading={pending}>
          {t('profile.details.save')}
        </Button>
        {saved && (
          <p role="status" className="form-success">
            {t('profile.details.saved')}
          </p>
        )}
      </div>
    </form>
  );
}

function LanguageSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  return (
    <section className="card profile__section" aria-labelledby="profile-language-title">
      <h2 id="profile-language-title">{t('profile.language.title')}</h2>
      <p>{t('profile.language.text')}</p>
      <Select<Lang>
        label={t('profile.language.label')}
        options={LANGS.map((code) => ({ value: code, label: t(`language.${code}`) }))}
        value={lang}
        onChange={(next) => void dispatch(changeLanguage({ lang: next }))}
      />
    </section>
  );
}

function PasswordSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <section className="card profile__section" aria-labelledby="profile-password-title">
      <h2 id="profile-password-title">{t('profile.password.title')}</h2>
      <p>{t('profile.password.text')}</p>
      <Button variant="secondary" onPress={() => dispatch(authModalOpened({ view: 'password-change' }))}>
        {t('profile.password.action')}
      </Button>
    </section>
  );
}
