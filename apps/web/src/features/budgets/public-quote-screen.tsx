import type { PublicQuote } from '@lumen/contracts';
import { QuotePersonName, TextAreaText } from '@lumen/contracts';
import { Button, TextArea, TextField } from '@lumen/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureMessage } from '../../shared/error-message';
import { email as emailError, useFormState, type Validator } from '../../shared/forms';
import { useFieldProps } from '../../shared/use-field-props';
import { LoadingState } from '../../shared/loading-state';
import { changeLanguage } from '../../shared/preferences';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { formatMoney } from '../../i18n/format';
import { useFormat } from '../../i18n/use-format';
import { attributesText } from './budget-lines';
import { acceptPublicQuote, askAboutPublicQuote, declinePublicQuote, loadPublicQuote } from './budgets-calls';
import { LineIdentity, QuoteStatusBadge, QuoteTotals } from './quote-parts';
import './budgets.css';

const QUESTION_MAX = 4000;
const REASON_MAX = 1000;

const personName: Validator<string> = (value) => {
  if (value.trim() === '') return 'formError.required';
  const parsed = QuotePersonName.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'formError.invalid');
};
const text =
  (max: number, isRequired: boolean): Validator<string> =>
  (value) => {
    if (value.trim() === '') return isRequired ? 'formError.required' : null;
    if (value.trim().length > max) return 'formError.tooLong';
    return TextAreaText.safeParse(value.trim()).success ? null : 'formError.pattern';
  };

/** The message of a public call's failure by its status: 404 an unknown link, 410 expired, 409 already answered. */
function LinkProblem({ httpStatus, onRetry }: { httpStatus: number; onRetry: () => void }) {
  const { t } = useTranslation();
  const known = httpStatus === 404 || httpStatus === 400 || httpStatus === 410;
  const key = httpStatus === 410 ? 'expired' : known ? 'invalid' : 'failed';
  return (
    <section className="public-quote public-quote--problem" aria-labelledby="public-quote-title">
      <h1 id="public-quote-title">{t(`publicQuote.${key}.title`)}</h1>
      <p>{t(`publicQuote.${key}.text`)}</p>
      {!known && (
        <Button variant="secondary" onPress={onRetry}>
          {t('budgets.retry')}
        </Button>
      )}
    </section>
  );
}

/**
 * The public page of a quote (issue 12 §3), for a client without an account who got its signed
 * link by e-mail: the quote read-only (lines, totals, validity, the seller), its PDF, and while it
 * is open: accept (name and consent), decline, or ask a question. Nothing else of the platform.
 */
export function PublicQuoteScreen({ token }: { token: string }) {
  const dispatch = useAppDispatch();
  const [remote, reload] = useRemote<PublicQuote>(token, () => dispatch(loadPublicQuote({ token })).unwrap());
  const [answered, setAnswered] = useState<PublicQuote | null>(null);
  const signedIn = useAppSelector((state) => state.session.account !== null);
  const sessionKnown = useAppSelector((state) => state.session.status === 'ready');
  const lang = useAppSelector((state) => state.preferences.lang);
  const quoteLang = remote.status === 'ready' ? remote.data.lang : null;
  // The client reads the page in the quote's language (the one its mail was written in); someone
  // signed in keeps their own.
  useEffect(() => {
    if (quoteLang && sessionKnown && !signedIn && quoteLang !== lang) void dispatch(changeLanguage({ lang: quoteLang, persist: false }));
    // Once per quote: a language the visitor picks afterwards is theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quoteLang, sessionKnown]);
  if (remote.status === 'loading') return <LoadingState />;
  if (remote.status === 'failed') return <LinkProblem httpStatus={remote.httpStatus} onRetry={reload} />;
  return <QuoteView quote={answered ?? remote.data} token={token} onAnswered={setAnswered} onStale={reload} />;
}

function QuoteView({ quote, token, onAnswered, onStale }: { quote: PublicQuote; token: string; onAnswered: (quote: PublicQuote) => void; onStale: () => void }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const money = (value: number) => formatMoney(value, quote.currency);
  const validUntil = format.date(`${quote.validationDate}T12:00:00`, { dateStyle: 'long' });
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <article className="public-quote" aria-labelledby="public-quote-title">
      <header className="public-quote__header">
        <p className="public-quote__seller">{quote.companyName ?? quote.sellerName}</p>
        <h1 id="public-quote-title" ref={headingRef} tabIndex={-1}>
          {t('publicQuote.title', { number: quote.budgetNumber })}
        </h1>
        <p className="public-quote__project">{quote.projectName}</p>
        <div className="public-quote__facts">
          <QuoteStatusBadge status={quote.status} />
          <span>{t('publicQuote.issued', { date: format.date(quote.creationDate, { dateStyle: 'long' }) })}</span>
          <span>{t('publicQuote.validUntil', { date: validUntil })}</span>
          {quote.clientName && <span>{t('publicQuote.for', { name: quote.clientName })}</span>}
          <span>{t('publicQuote.preparedBy', { name: quote.sellerName })}</span>
        </div>
        <a className="lm-button lm-button--secondary lm-button--sm public-quote__pdf" href={quote.pdf} download>
          {t('publicQuote.downloadPdf')}
        </a>
      </header>

      {quote.acceptance && (
        <p className="card public-quote__answer public-quote__answer--accepted" role="status">
          {t('publicQuote.acceptedBy', { name: quote.acceptance.name, date: format.date(quote.acceptance.at, { dateStyle: 'long', timeStyle: 'short' }) })}
        </p>
      )}
      {quote.decline && (
        <p className="card public-quote__answer" role="status">
          {t('publicQuote.declinedBy', { name: quote.decline.name, date: format.date(quote.decline.at, { dateStyle: 'long', timeStyle: 'short' }) })}
        </p>
      )}
      {!quote.open && !quote.acceptance && !quote.decline && (
        <p className="card public-quote__answer" role="status">
          {t(quote.status === 'expired' ? 'publicQuote.expired.text' : 'publicQuote.closed')}
        </p>
      )}

      <section className="card" aria-labelledby="public-quote-lines">
        <h2 id="public-quote-lines">{t('publicQuote.lines', { count: quote.products.length })}</h2>
        <table className="budget-lines budget-lines--read">
          <thead>
            <tr>
              <th scope="col">{t('budgets.lines.product')}</th>
              <th scope="col" className="budget-lines__num">
                {t('budgets.lines.lumens')}
              </th>
              <th scope="col" className="budget-lines__num">
                {t('budgets.lines.watts')}
              </th>
              <th scope="col" className="budget-lines__num">
                {t('budgets.lines.quantity')}
              </th>
              <th scope="col" className="budget-lines__num">
                {t('budgets.lines.unitGross')}
              </th>
              <th scope="col" className="budget-lines__num">
                {t('budgets.lines.discount')}
              </th>
              <th scope="col" className="budget-lines__num">
                {t('budgets.lines.net')}
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.products.map((line, index) => {
              const attributes = attributesText(line, quote.currency, i18n.language);
              return (
                <tr key={`${line.referenceCode ?? line.model}-${index}`} className="budget-lines__row">
                  <th scope="row" className="budget-lines__product">
                    <LineIdentity line={line} attributes={attributes}>
                      {line.energyClass && <span className="budget-lines__attributes">{t('publicQuote.energyClass', { value: line.energyClass })}</span>}
                    </LineIdentity>
                  </th>
                  <td className="budget-lines__num" data-label={t('budgets.lines.lumens')}>
                    {line.lumensLed === null ? '—' : `${format.number(line.lumensLed)} lm`}
                  </td>
                  <td className="budget-lines__num" data-label={t('budgets.lines.watts')}>
                    {line.watts === null ? '—' : `${format.number(line.watts)} W`}
                  </td>
                  <td className="budget-lines__num" data-label={t('budgets.lines.quantity')}>
                    {format.number(line.quantity)}
                  </td>
                  <td className="budget-lines__num" data-label={t('budgets.lines.unitGross')}>
                    {money(line.unitPvp)}
                  </td>
                  <td className="budget-lines__num" data-label={t('budgets.lines.discount')}>
                    {format.number(line.discount / 100, { style: 'percent', maximumFractionDigits: 2 })}
                  </td>
                  <td className="budget-lines__num budget-lines__net" data-label={t('budgets.lines.net')}>
                    {money(line.netPrice)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      <div className="public-quote__bottom">
        <section className="card" aria-labelledby="public-quote-totals">
          <h2 id="public-quote-totals">{t('budgets.totals.title')}</h2>
          <QuoteTotals
            totals={{ subTotal: quote.subTotalNet, discountValue: quote.discountValue, surchargeValue: quote.surchargeValue, ivaValue: quote.ivaValue, netTotal: quote.totalNet }}
            percents={{ discount: quote.discount, surcharge: quote.surcharge, iva: quote.iva }}
            currency={quote.currency}
          />
          {quote.comments && (
            <div className="public-quote__comment">
              <h3>{t('publicQuote.comment')}</h3>
              <p>{quote.comments}</p>
            </div>
          )}
        </section>
        {quote.open && <AnswerForms quote={quote} token={token} onAnswered={onAnswered} onStale={onStale} />}
      </div>
    </article>
  );
}

type Mode = 'accept' | 'decline' | 'question';

function AnswerForms({ quote, token, onAnswered, onStale }: { quote: PublicQuote; token: string; onAnswered: (quote: PublicQuote) => void; onStale: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('accept');
  const [asked, setAsked] = useState(false);
  return (
    <section className="card public-quote__answer-forms" aria-labelledby="public-quote-answer">
      <h2 id="public-quote-answer">{t('publicQuote.answer.title')}</h2>
      <div className="public-quote__modes" role="group" aria-label={t('publicQuote.answer.title')}>
        {(['accept', 'question', 'decline'] as const).map((item) => (
          <Button key={item} variant={mode === item ? 'primary' : 'ghost'} size="sm" aria-pressed={mode === item} onPress={() => setMode(item)}>
            {t(`publicQuote.mode.${item}`)}
          </Button>
        ))}
      </div>
      {mode === 'question' ? (
        asked ? (
          <p role="status" className="form-success">
            {t('publicQuote.question.sent', { seller: quote.sellerName })}
          </p>
        ) : (
          <QuestionForm token={token} onSent={() => setAsked(true)} />
        )
      ) : (
        <DecisionForm key={mode} mode={mode} quote={quote} token={token} onAnswered={onAnswered} onStale={onStale} />
      )}
    </section>
  );
}

/** Accept (name and consent) or decline (name, a reason if they wish). */
function DecisionForm({ mode, quote, token, onAnswered, onStale }: { mode: 'accept' | 'decline'; quote: PublicQuote; token: string; onAnswered: (quote: PublicQuote) => void; onStale: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failureMessage = useFailureMessage();
  const format = useFormat();
  const [validators] = useState(() => ({ name: personName, reason: text(REASON_MAX, false) }));
  const form = useFormState<'name' | 'reason'>({ name: quote.clientName ?? '', reason: '' }, validators);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const fieldsOk = form.validateAll();
    const consentOk = mode === 'decline' || consent;
    setConsentError(!consentOk);
    if (!fieldsOk || !consentOk) return;
    setPending(true);
    const name = form.values.name.trim();
    const result =
      mode === 'accept'
        ? await dispatch(acceptPublicQuote({ token, name }))
        : await dispatch(declinePublicQuote({ token, name, ...(form.values.reason.trim() ? { reason: form.values.reason.trim() } : {}) }));
    setPending(false);
    if (result.meta.requestStatus === 'fulfilled') {
      onAnswered(result.payload as PublicQuote);
      return;
    }
    const failed = result.payload as { error: { ErrorCode: number; fields?: { path: string; message: string }[] } } | undefined;
    // Answered elsewhere meanwhile, or expired: the page shows the quote as it now is.
    if (failed?.error.ErrorCode === 409 || failed?.error.ErrorCode === 410) {
      onStale();
      return;
    }
    for (const field of failed?.error.fields ?? []) if (field.path === 'body.name' || field.path === 'body.reason') form.setError(field.path.slice(5) as 'name' | 'reason', field.message);
    setFailure(failureMessage(result.payload));
  }

  const { field } = useFieldProps(form);
  return (
    <form className="public-quote__form" onSubmit={(event) => void submit(event)} noValidate aria-label={t(`publicQuote.mode.${mode}`)}>
      <p>{t(mode === 'accept' ? 'publicQuote.accept.intro' : 'publicQuote.decline.intro', { total: formatMoney(quote.totalNet, quote.currency) })}</p>
      {failure && (
        <p role="alert" className="form-alert">
          {failure}
        </p>
      )}
      <TextField
        label={t('publicQuote.name')}
        autoComplete="name"
        {...field('name')}
      />
      {mode === 'accept' ? (
        <div className="public-quote__consent" data-invalid={consentError || undefined}>
          <input
            id="public-quote-consent"
            type="checkbox"
            checked={consent}
            aria-invalid={consentError || undefined}
            aria-describedby={consentError ? 'public-quote-consent-error' : undefined}
            onChange={(event) => {
              setConsent(event.currentTarget.checked);
              if (event.currentTarget.checked) setConsentError(false);
            }}
          />
          <label htmlFor="public-quote-consent">{t('publicQuote.accept.consent', { number: quote.budgetNumber, total: formatMoney(quote.totalNet, quote.currency), date: format.date(`${quote.validationDate}T12:00:00`) })}</label>
          {consentError && (
            <p id="public-quote-consent-error" className="public-quote__consent-error">
              {t('publicQuote.accept.consentRequired')}
            </p>
          )}
        </div>
      ) : (
        <TextArea
          label={t('publicQuote.decline.reason')}
          rows={3}
          maxLength={REASON_MAX}
          {...field('reason', { required: false })}
        />
      )}
      <Button type="submit" variant={mode === 'accept' ? 'primary' : 'secondary'} isLoading={pending}>
        {t(mode === 'accept' ? 'publicQuote.accept.submit' : 'publicQuote.decline.submit')}
      </Button>
    </form>
  );
}

function QuestionForm({ token, onSent }: { token: string; onSent: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failureMessage = useFailureMessage();
  const [validators] = useState(() => ({ name: personName, email: emailError, message: text(QUESTION_MAX, true) }));
  const form = useFormState<'name' | 'email' | 'message'>({ name: '', email: '', message: '' }, validators);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!form.validateAll()) return;
    setPending(true);
    const result = await dispatch(askAboutPublicQuote({ token, name: form.values.name.trim(), email: form.values.email.trim(), message: form.values.message.trim() }));
    setPending(false);
    if (askAboutPublicQuote.fulfilled.match(result)) {
      onSent();
      return;
    }
    for (const field of result.payload?.error.fields ?? []) {
      const name = /^body\.(name|email|message)$/.exec(field.path)?.[1] as 'name' | 'email' | 'message' | undefined;
      if (name) form.setError(name, field.message);
    }
    setFailure(failureMessage(result.payload));
  }

  const { field } = useFieldProps(form);
  return (
    <form className="public-quote__form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('publicQuote.mode.question')}>
      {failure && (
        <p role="alert" className="form-alert">
          {failure}
        </p>
      )}
      <TextField
        label={t('publicQuote.name')}
        autoComplete="name"
        {...field('name')}
      />
      <TextField
        label={t('publicQuote.email')}
        type="email"
        autoComplete="email"
        {...field('email')}
      />
      <TextArea
        label={t('publicQuote.question.message')}
        rows={4}
        maxLength={QUESTION_MAX}
        {...field('message')}
      />
      <Button type="submit" variant="secondary" isLoading={pending}>
        {t('publicQuote.question.submit')}
      </Button>
    </form>
  );
}
