import type { Account, Lang } from '@lumen/contracts';
import { LANGS } from '@lumen/contracts/constants';
import { roleName } from '@lumen/domain';
import { Button, Card, PageHeader, Select, TextField } from '@lumen/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureMessage } from '../../shared/error-message';
import { maxLength, required, useFormState } from '../../shared/forms';
import { useFlag } from '../../shared/flags';
import { changeLanguage } from '../../shared/preferences';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { authModalOpened } from '../../shared/ui-state';
import { useRemote } from '../../shared/use-remote';
import { loadCompanyTypes, loadLanguages, updateClientCode, updateCompany, updateProfile } from './profile-calls';

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
      <PageHeader titleId="profile-title" title={t('profile.title')} />
      <AccountSummary account={account} />
      <ProfileForm key={account.id} account={account} />
      {account.company?.crmId && account.privileges.includes('company.manage.user') && <CompanyForm key={`company-${account.company.id}`} account={account} crmId={account.company.crmId} />}
      {account.privileges.includes('order.add') && <ClientCodeSection key={`client-code-${account.id}`} account={account} />}
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

/** The client code's shape the api takes (contracts UpdateClientCodeBody): 3 to 20 letters, digits or hyphens. */
const CLIENT_CODE = /^[A-Z0-9-]{3,20}$/i;

/** The api's refusal of a client code, in the profile's words. */
function clientCodeProblem(message: string | undefined): string {
  if (message === 'formError.clientCodeUnknown') return 'profile.clientCode.unknown';
  if (message === 'formError.clientCode') return 'profile.clientCode.invalid';
  return 'profile.clientCode.failed';
}

/**
 * The client code of one's company (spec §7 PATCH client-code), for users who place orders
 * (order.add): without it an order cannot be processed (NO_CLIENT_CODE, spec §4).
 */
function ClientCodeSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [value, setValue] = useState(account.clientCode ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const code = value.trim();
    const found = code === '' ? 'formError.required' : CLIENT_CODE.test(code) ? null : 'profile.clientCode.invalid';
    setProblem(found);
    if (found) return;
    setPending(true);
    const result = await dispatch(updateClientCode({ clientCode: code }));
    setPending(false);
    if (updateClientCode.fulfilled.match(result)) setSaved(true);
    else setProblem(clientCodeProblem(result.payload?.error.fields?.find((item) => item.path === 'body.clientCode')?.message));
  }

  return (
    <form className="card profile__section" aria-labelledby="profile-client-code-title" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id="profile-client-code-title">{t('profile.clientCode.title')}</h2>
      <p>{t(account.clientCode ? 'profile.clientCode.lead' : 'profile.clientCode.missing')}</p>
      <TextField
        label={t('profile.clientCode.label')}
        value={value}
        onChange={(next) => {
          setValue(next);
          setSaved(false);
          if (problem) setProblem(null);
        }}
        isRequired
        isInvalid={problem !== null}
        errorMessage={problem ? t(problem) : undefined}
      />
      <div className="profile__actions">
        <Button type="submit" isLoading={pending}>
          {t('profile.clientCode.save')}
        </Button>
        {saved && (
          <p role="status" className="form-success">
            {t('profile.clientCode.saved')}
          </p>
        )}
      </div>
    </form>
  );
}

/** About the company (issue 17 §2): its managers (company.manage.user) change its name and type. */
function CompanyForm({ account, crmId }: { account: Account; crmId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const failureMessage = useFailureMessage();
  const [types] = useRemote(lang, () => dispatch(loadCompanyTypes(lang)).unwrap());
  const form = useFormState<'companyName'>({ companyName: account.company?.name ?? '' }, { companyName: (value: string) => required(value) ?? maxLength(100)(value) });
  const [typeId, setTypeId] = useState<number>(account.company?.companyType.id ?? 0);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    setFailure(null);
    if (!form.validateAll()) return;
    setPending(true);
    try {
      await dispatch(updateCompany({ crmId, body: { name: form.values.companyName.trim(), companyTypeId: typeId } })).unwrap();
      setSaved(true);
    } catch (error) {
      setFailure(failureMessage(error));
    }
    setPending(false);
  }

  const error = form.errors.companyName;
  return (
    <form className="card profile__section" aria-labelledby="profile-company-title" onSubmit={(event) => void submit(event)} noValidate>
      <h2 id="profile-company-title">{t('profile.company.title')}</h2>
      <TextField
        label={t('profile.company.name')}
        autoComplete="organization"
        isRequired
        name="companyName"
        value={form.values.companyName}
        onChange={(value) => {
          setSaved(false);
          form.setValue('companyName', value);
        }}
        onBlur={() => form.blur('companyName')}
        isInvalid={Boolean(error)}
        errorMessage={error ? t(error) : undefined}
      />
      {types.status === 'ready' && (
        <Select<string>
          label={t('profile.company.type')}
          name="companyType"
          options={types.data.map((type) => ({ value: String(type.id), label: type.description }))}
          value={String(typeId)}
          onChange={(value) => {
            setSaved(false);
            setTypeId(Number(value));
          }}
        />
      )}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="profile__actions">
        <Button type="submit" isLoading={pending}>
          {t('profile.company.save')}
        </Button>
        {saved && (
          <p role="status" className="form-success">
            {t('profile.company.saved')}
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
  // The languages' names come from the masters service (the api hub's path under editLanguagesFromApiHub); the interface texts while they load or if it fails.
  const fromHub = useFlag('editLanguagesFromApiHub');
  const [languages] = useRemote(`${lang}|${String(fromHub)}`, () => dispatch(loadLanguages({ lang, fromHub })).unwrap());
  const described = new Map(languages.status === 'ready' ? languages.data.map((language) => [language.isoCode, language.description]) : []);
  return (
    <Card className="profile__section" title={t('profile.language.title')} titleId="profile-language-title">
      <p>{t('profile.language.text')}</p>
      <Select<Lang>
        label={t('profile.language.label')}
        options={LANGS.map((code) => ({ value: code, label: described.get(code) ?? t(`language.${code}`) }))}
        value={lang}
        onChange={(next) => void dispatch(changeLanguage({ lang: next }))}
      />
    </Card>
  );
}

function PasswordSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <Card className="profile__section" title={t('profile.password.title')} titleId="profile-password-title">
      <p>{t('profile.password.text')}</p>
      <Button variant="secondary" onPress={() => dispatch(authModalOpened({ view: 'password-change' }))}>
        {t('profile.password.action')}
      </Button>
    </Card>
  );
}
