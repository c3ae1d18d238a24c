import { QuotePersonName, TextAreaText } from '@lumen/contracts';
import { Button, Modal, TextArea, TextField } from '@lumen/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { email as emailError, useFormState, type Validator } from '../../shared/forms';
import { useFieldProps } from '../../shared/use-field-props';
import { useFailureMessage } from '../../shared/error-message';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { sendQuote } from './budgets-calls';
import { useAttemptKey } from '../../shared/use-attempt-key';

/** The client a quote goes to (no account needed): address, name, a note. */
export interface QuoteRecipient {
  email: string;
  name: string;
  message: string;
}

type Field = keyof QuoteRecipient;

/** Spec §5 text areas; the note of a quote's mail holds at most 2,000 characters (SendQuoteBody). */
const MESSAGE_MAX = 2000;

const nameError: Validator<Field> = (value) => {
  if (value.trim() === '') return 'formError.required';
  const parsed = QuotePersonName.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'formError.invalid');
};
const messageError: Validator<Field> = (value) => {
  if (value.trim() === '') return null;
  if (value.trim().length > MESSAGE_MAX) return 'formError.tooLong';
  return TextAreaText.safeParse(value.trim()).success ? null : 'formError.pattern';
};
const VALIDATORS = { email: emailError, name: nameError, message: messageError };

export interface RecipientFormProps {
  title: string;
  intro: string;
  submitLabel: string;
  /** The client as the quote already names them (issue 34 §2), for the user to confirm or change. */
  initial?: Partial<Pick<QuoteRecipient, 'email' | 'name'>>;
  onClose: () => void;
  /** Does the work; answers the fields the api refused (by field), or throws a failure shown above the fields. */
  onSubmit: (recipient: QuoteRecipient) => Promise<Partial<Record<Field, string>> | void>;
}

/** A dialog that asks for the client (address, name, note) and hands them to `onSubmit`. */
export function RecipientModal({ title, intro, submitLabel, initial, onClose, onSubmit }: RecipientFormProps) {
  const { t, i18n } = useTranslation();
  const failureMessage = useFailureMessage();
  const form = useFormState<Field>({ email: initial?.email ?? '', name: initial?.name ?? '', message: '' }, VALIDATORS);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!form.validateAll()) return;
    setPending(true);
    try {
      const refused = await onSubmit({ email: form.values.email.trim(), name: form.values.name.trim(), message: form.values.message.trim() });
      if (refused) for (const [field, key] of Object.entries(refused) as [Field, string][]) form.setError(field, i18n.exists(key) ? key : 'formError.invalid');
    } catch (error) {
      setFailure(failureMessage(error));
    }
    setPending(false);
  }

  const { field } = useFieldProps(form);
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={title}
      fullScreenOnSmall
      isDismissable={!pending}
      footer={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={pending}>
            {t('budgets.cancel')}
          </Button>
          <Button type="submit" form="quote-recipient-form" isLoading={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id="quote-recipient-form" ref={formRef} className="budget-recipient" onSubmit={(event) => void submit(event)} noValidate>
        <p className="budget-recipient__intro">{intro}</p>
        {failure && (
          <p role="alert" className="form-alert">
            {failure}
          </p>
        )}
        <TextField
          label={t('budgets.send.email')}
          type="email"
          autoComplete="off"
          {...field('email')}
        />
        <TextField
          label={t('budgets.send.name')}
          autoComplete="off"
          {...field('name')}
        />
        <TextArea
          label={t('budgets.send.message')}
          rows={3}
          maxLength={MESSAGE_MAX}
          {...field('message', { required: false })}
        />
      </form>
    </Modal>
  );
}

/** The fields of a refused send (400): `body.email` → email… */
export function recipientFieldsOf(error: unknown): Partial<Record<Field, string>> | null {
  if (!isApiError(error) && !(typeof error === 'object' && error !== null && 'fields' in error)) return null;
  const fields = (error as { fields?: { path: string; message: string }[] }).fields ?? [];
  const found: Partial<Record<Field, string>> = {};
  for (const { path, message } of fields) {
    const field = /^body\.(email|name|message)$/.exec(path)?.[1] as Field | undefined;
    if (field) found[field] ??= message;
  }
  return Object.keys(found).length > 0 ? found : null;
}

/** A quote to send, with the client it already names (its name; the address it last went to). */
export interface QuoteToSend {
  id: number;
  budgetNumber: string;
  clientName?: string | null;
  sentTo?: string | null;
}

/** The client the quotes name, when they all name the same one (issue 34 §2: prefilled, not retyped). */
export function recipientOf(quotes: readonly QuoteToSend[]): Partial<Pick<QuoteRecipient, 'email' | 'name'>> {
  const one = <T,>(values: readonly (T | null | undefined)[]): T | undefined => {
    const found = new Set(values.filter((value): value is T => value !== null && value !== undefined && value !== ''));
    return found.size === 1 ? [...found][0] : undefined;
  };
  const name = one(quotes.map((quote) => quote.clientName));
  const email = one(quotes.map((quote) => quote.sentTo));
  return { ...(name ? { name } : {}), ...(email ? { email } : {}) };
}

/**
 * Sends one or several issued quotes to a client (POST …/quotes/{id}/send each, in the interface
 * language): the client gets each quote's signed link by e-mail.
 */
export function SendQuoteModal({ quotes, onClose, onSent }: { quotes: readonly QuoteToSend[]; onClose: () => void; onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const attempts = useAttemptKey();
  const [done, setDone] = useState<ReadonlySet<number>>(new Set());
  return (
    <RecipientModal
      title={t('budgets.send.title', { count: quotes.length })}
      intro={t('budgets.send.intro', { count: quotes.length, numbers: quotes.map((quote) => quote.budgetNumber).join(', ') })}
      submitLabel={t('budgets.send.submit', { count: quotes.length })}
      initial={recipientOf(quotes)}
      onClose={onClose}
      onSubmit={async (recipient) => {
        const sent = new Set(done);
        for (const quote of quotes) {
          // A quote already sent in an earlier try of this dialog is not sent twice.
          if (sent.has(quote.id)) continue;
          const body = { email: recipient.email, name: recipient.name, lang, ...(recipient.message ? { message: recipient.message } : {}) };
          const result = await dispatch(sendQuote({ quoteId: quote.id, body, idempotencyKey: attempts.keyFor({ quote: quote.id, body }) }));
          if (sendQuote.rejected.match(result)) {
            setDone(sent);
            const refused = recipientFieldsOf(result.payload?.error);
            if (refused) return refused;
            throw result.payload;
          }
          sent.add(quote.id);
        }
        attempts.done();
        onSent(recipient.email);
      }}
    />
  );
}
