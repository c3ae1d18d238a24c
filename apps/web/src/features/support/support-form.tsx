import type { Account, CatalogId, FieldError, Lang, SupportContact, SupportRequestCreated } from '@lumen/contracts';
import { TextAreaText } from '@lumen/contracts';
import { MAX_REQUEST_FILES } from '@lumen/contracts/constants';
import { hasAnyPrivilege } from '@lumen/domain';
import { Button, Select, TextArea, TextField } from '@lumen/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { email, maxLength, required, useFormState, type Validator } from '../../shared/forms';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { authModalOpened } from '../../shared/ui-state';
import { AttachmentsField, useUploadQueue } from '../../shared/uploads';
import { useFormSubmit } from '../../shared/use-form-submit';
import { useRemote } from '../../shared/use-remote';
import { loadSupportTypes, sendSupportRequest } from './support-calls';
import './support.css';

type Field = 'typeId' | 'message' | 'name' | 'email' | 'phone' | 'company';

/** Spec §5: a text area holds at most 4,000 characters (and no control character but line breaks and tabs). */
const MESSAGE_MAX = 4000;
const PHONE_PATTERN = /^[0-9+()\-./ ]*$/;

const message: Validator<Field> = (value) =>
  required(value) ?? (value.trim().length > MESSAGE_MAX ? 'formError.tooLong' : TextAreaText.safeParse(value).success ? null : 'formError.invalidCharacters');
const optionalText = (max: number): Validator<Field> => maxLength(max);
const phone: Validator<Field> = (value) => maxLength(30)(value) ?? (PHONE_PATTERN.test(value.trim()) ? null : 'formError.phone');

/** A visitor gives a name and an e-mail; an account's come from the account and are not checked here. */
function validatorsFor(visitor: boolean): Partial<Record<Field, Validator<Field>>> {
  return {
    typeId: required,
    message,
    phone,
    company: optionalText(100),
    ...(visitor ? { name: (value: string) => required(value) ?? maxLength(100)(value), email } : {}),
  };
}

/** Where a 400's `fields` point (`body.contact.email` → email). */
const FIELD_OF_PATH: Readonly<Record<string, Field>> = {
  'body.typeId': 'typeId',
  'body.message': 'message',
  'body.contact.name': 'name',
  'body.contact.email': 'email',
  'body.contact.phone': 'phone',
  'body.contact.company': 'company',
};

/**
 * The catalogue a request is addressed to: the account's; a visitor's follows the language (American
 * English → the United States catalogue 21, anything else the international 16, spec §1's default).
 */
function catalogueOf(account: Account | null, lang: Lang): CatalogId {
  if (account) return account.catalogId;
  return lang === 'us' ? 21 : 16;
}

export interface SupportFormProps {
  /** In the auth modal: closes it (the confirmation's button). On the page there is none. */
  onClose?: () => void;
  /** On the page: "Write another request" after a success. */
  onWriteAnother?: () => void;
  /** How a sent request went (the embedded auth views tell their host: support requested success or error, issue 17 §5). */
  onResult?: (outcome: { ok: true } | { ok: false; reason: string }) => void;
}

/**
 * The support request (spec §2 auth-modal view `support`, and the /support page; issue 11 §2):
 * subject (for the user's roles), message, files through the upload queue, and who to answer —
 * from the account, or typed by a visitor. Success shows the request's number; failure says why
 * above the form.
 */
export function SupportForm({ onClose, onWriteAnother, onResult }: SupportFormProps) {
  const { t } = useTranslation();
  const account = useAppSelector((state) => state.session.account);
  const [sent, setSent] = useState<{ created: SupportRequestCreated; email: string } | null>(null);

  if (account && !hasAnyPrivilege(account.privileges, ['support.request']))
    return (
      <p className="support-note" role="note">
        {t('support.notAllowed')}
      </p>
    );
  if (sent) return <SupportSent number={sent.created.id} email={sent.email} onClose={onClose} onWriteAnother={onWriteAnother} />;
  return (
    <SupportRequestForm
      account={account}
      onSent={(created, address) => {
        setSent({ created, email: address });
        onResult?.({ ok: true });
      }}
      onFailed={(reason) => onResult?.({ ok: false, reason })}
      inModal={onClose !== undefined}
    />
  );
}

interface SupportRequestFormProps {
  account: Account | null;
  onSent: (created: SupportRequestCreated, email: string) => void;
  onFailed: (reason: string) => void;
  inModal: boolean;
}

function SupportRequestForm({ account, onSent, onFailed, inModal }: SupportRequestFormProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const visitor = account === null;
  const catalogId = catalogueOf(account, lang);
  const roleIds = account?.roles.map((role) => role.id) ?? [];
  const [validators] = useState(() => validatorsFor(visitor));
  const form = useFormState<Field>(
    { typeId: '', message: '', name: account?.name ?? '', email: account?.email ?? '', phone: '', company: account?.company?.name ?? '' },
    validators,
  );
  const queue = useUploadQueue({ purpose: { domain: 'support', entity: 'support-request' }, maxFiles: MAX_REQUEST_FILES });
  const [waitForFiles, setWaitForFiles] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // A long form: the first field that needs the user may be out of view, so it takes the focus once
  // the messages are drawn (and the submit button has left its pending state).
  const [focusRequest, setFocusRequest] = useState(0);
  const focusFirstInvalid = () => setFocusRequest((value) => value + 1);
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('.lm-field[data-invalid] :is(input, textarea, button)')?.focus();
  }, [focusRequest]);
  const checkFields = () => {
    const valid = form.validateAll();
    if (!valid) focusFirstInvalid();
    return valid;
  };
  const [types, reloadTypes] = useRemote(`${catalogId}|${lang}|${roleIds.join(',')}`, () => dispatch(loadSupportTypes({ catalogId, lang, roleIds })).unwrap());

  /** The 400's fields shown next to their field; true when at least one was. */
  const showFieldErrors = (fields: readonly FieldError[] | undefined): boolean => {
    let shown = false;
    for (const { path, message: key } of fields ?? []) {
      const field = FIELD_OF_PATH[path];
      if (!field) continue;
      form.setError(field, i18n.exists(key) ? key : 'formError.invalid');
      shown = true;
    }
    return shown;
  };

  const { pending, failure, showFailure, onSubmit } = useFormSubmit(checkFields, async () => {
    if (queue.isUploading) {
      setWaitForFiles(true);
      return false;
    }
    setWaitForFiles(false);
    const values = form.values;
    const contact: SupportContact = {
      ...(visitor ? { name: values.name.trim(), email: values.email.trim() } : {}),
      ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
      ...(values.company.trim() ? { company: values.company.trim() } : {}),
    };
    const result = await dispatch(
      sendSupportRequest({
        catalogId,
        lang,
        typeId: Number(values.typeId),
        message: values.message.trim(),
        files: queue.attachedIds,
        ...(Object.keys(contact).length > 0 ? { contact } : {}),
      }),
    );
    if (sendSupportRequest.fulfilled.match(result)) {
      onSent(result.payload, visitor ? values.email.trim() : (account?.email ?? ''));
      return;
    }
    if (showFieldErrors(result.payload?.error.fields)) focusFirstInvalid();
    onFailed(result.payload?.error.code ?? 'failed');
    showFailure(result.payload);
    return false;
  });

  const invalid = (name: Field) => {
    const error = form.errors[name];
    return { isInvalid: Boolean(error), errorMessage: error ? t(error) : undefined };
  };
  const text = (name: Field) => ({
    name,
    value: form.values[name],
    onChange: (value: string) => form.setValue(name, value),
    onBlur: () => form.blur(name),
    ...invalid(name),
  });

  const logIn = () => dispatch(authModalOpened({ view: 'login', next: inModal ? null : '/support' }));

  return (
    <form ref={formRef} className="support-form" onSubmit={onSubmit} noValidate>
      <p className="support-form__intro">{t(visitor ? 'support.form.introVisitor' : 'support.form.intro')}</p>
      {visitor && (
        <p className="support-form__login">
          {t('support.form.haveAccount')}{' '}
          <Button variant="link" onPress={logIn}>
            {t('support.form.logIn')}
          </Button>
        </p>
      )}
      {failure && (
        <p role="alert" className="form-alert">
          {failure}
        </p>
      )}
      {types.status === 'failed' ? (
        <div role="alert" className="form-alert support-form__types-failed">
          <p>{t('support.form.typesFailed')}</p>
          <Button variant="secondary" size="sm" onPress={reloadTypes}>
            {t('support.form.retry')}
          </Button>
        </div>
      ) : (
        <Select
          label={t('support.field.subject')}
          name="typeId"
          isRequired
          isDisabled={types.status === 'loading'}
          placeholder={types.status === 'loading' ? t('common.loading') : t('common.choose')}
          options={types.status === 'ready' ? types.data.map((type) => ({ value: String(type.id), label: type.name })) : []}
          value={form.values.typeId || null}
          onChange={(value) => form.setValue('typeId', value)}
          {...invalid('typeId')}
        />
      )}
      <TextArea label={t('support.field.message')} description={t('support.field.messageHelp')} isRequired rows={6} maxLength={MESSAGE_MAX} {...text('message')} />
      <AttachmentsField queue={queue} label={t('support.field.files')} />
      <fieldset className="support-form__contact">
        <legend>{t('support.contact.title')}</legend>
        {!visitor && <p className="support-form__hint">{t('support.contact.fromAccount')}</p>}
        <div className="support-form__grid">
          {visitor ? (
            <>
              <TextField label={t('support.field.name')} autoComplete="name" isRequired {...text('name')} />
              <TextField label={t('support.field.email')} type="email" autoComplete="email" isRequired {...text('email')} />
            </>
          ) : (
            <>
              <TextField label={t('support.field.name')} name="name" value={form.values.name} isReadOnly />
              <TextField label={t('support.field.email')} name="email" type="email" value={form.values.email} isReadOnly />
            </>
          )}
          <TextField label={t('support.field.phone')} description={t('support.field.optional')} type="tel" autoComplete="tel" {...text('phone')} />
          <TextField label={t('support.field.company')} description={t('support.field.optional')} autoComplete="organization" {...text('company')} />
        </div>
      </fieldset>
      {waitForFiles && queue.isUploading && (
        <p role="alert" className="form-alert">
          {t('support.form.waitForFiles')}
        </p>
      )}
      <Button type="submit" fullWidth={inModal} isLoading={pending}>
        {t('support.form.submit')}
      </Button>
    </form>
  );
}

interface SupportSentProps {
  number: number;
  email: string;
  onClose?: (() => void) | undefined;
  onWriteAnother?: (() => void) | undefined;
}

/** Spec §4 "support requested success": the request's number and where the answer will go. */
function SupportSent({ number, email, onClose, onWriteAnother }: SupportSentProps) {
  const { t } = useTranslation();
  return (
    <div className="support-sent">
      <div role="status" className="form-success">
        <p className="support-sent__title">{t('support.sent.title', { number })}</p>
        <p>{t('support.sent.body', { email })}</p>
      </div>
      <div className="support-sent__actions">
        {onClose && <Button onPress={onClose}>{t('support.sent.close')}</Button>}
        {onWriteAnother && (
          <Button variant="secondary" onPress={onWriteAnother}>
            {t('support.sent.another')}
          </Button>
        )}
      </div>
    </div>
  );
}
