import type { BudgetBody, BudgetList, BudgetPayload, FieldError, Quote, QuoteSummary } from '@lumen/contracts';
import { QuotePersonName } from '@lumen/contracts';
import { Button, TextArea, TextField } from '@lumen/ui';
import { lazy, Suspense, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFailureMessage } from '../../shared/error-message';
import { useGoBack } from '../../shared/history';
import { LoadingState } from '../../shared/loading-state';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote } from '../../shared/use-remote';
import { useFormat } from '../../i18n/use-format';
import { bodyOf, COMMENT_MAX, draftFromQuote, draftOf, figuresOf, targetOf, type BudgetDraft, type FooterField, type LineInput } from './budget-form';
import { BudgetLines, ExcludedLines } from './budget-lines';
import { downloadQuoteDocument, issueBudget, loadBudgetList, loadBudgetPayload, loadQuote, sendQuote, type IssuedQuote } from './budgets-calls';
import { PreviousBudgets } from './previous-budgets';
import { QuoteTotals } from './quote-parts';
import { recipientFieldsOf, RecipientModal, type QuoteToSend } from './send-quote-modal';
import { useAttemptKey } from '../../shared/use-attempt-key';
import { useKept } from './use-kept-remote';
import './budgets.css';

const projectPath = (projectId: number) => `/project/${projectId}`;

const SendQuoteModal = lazy(() => import('./send-quote-modal').then((module) => ({ default: module.SendQuoteModal })));

/** What the screen says when the project cannot be priced, by the answer's status. */
function LoadFailure({ projectId, httpStatus, onRetry }: { projectId: number; httpStatus: number; onRetry: () => void }) {
  const { t } = useTranslation();
  const key = httpStatus === 404 ? 'budgets.load.notFound' : httpStatus === 403 ? 'budgets.load.forbidden' : 'budgets.load.failed';
  return (
    <section className="page page--narrow" aria-labelledby="budget-title">
      <h1 id="budget-title">{t('budgets.title')}</h1>
      <div className="card" role="alert">
        <p>{t(key)}</p>
        <div className="budget-actions">
          {httpStatus !== 404 && httpStatus !== 403 && (
            <Button variant="secondary" onPress={onRetry}>
              {t('budgets.retry')}
            </Button>
          )}
          <Link className="text-link" to={projectPath(projectId)}>
            {t('budgets.toProject')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * /project/{projectId}/generate-budget (spec §2 `budget` or `budget.add`; §3 Budget; issue 12 §1):
 * the lines that may enter a budget with their quantity and discount, the footer, the totals as the
 * user types, the project's previous quotes, and the ways to issue: save only (back one screen),
 * save and download the PDF, save and send to a client; a previous quote can be revised.
 */
export function GenerateBudgetScreen({ projectId }: { projectId: number }) {
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [payload, reloadPayload] = useRemote<BudgetPayload>(`${projectId}|${lang}`, () => dispatch(loadBudgetPayload({ projectId, lang })).unwrap());
  const [list, reloadList] = useRemote<BudgetList>(String(projectId), () => dispatch(loadBudgetList({ projectId })).unwrap());
  const keptList = useKept(list);
  if (payload.status === 'loading') return <LoadingState />;
  if (payload.status === 'failed') return <LoadFailure projectId={projectId} httpStatus={payload.httpStatus} onRetry={reloadPayload} />;
  return <BudgetForm key={payload.data.projectRevision} payload={payload.data} list={keptList} listFailed={list.status === 'failed' && keptList === null} reloadList={reloadList} />;
}

type Action = 'save' | 'download' | 'send';

interface Outcome {
  quote: Quote;
  action: Action;
  sentTo?: string;
}

function BudgetForm({ payload, list, listFailed, reloadList }: { payload: BudgetPayload; list: BudgetList | null; listFailed: boolean; reloadList: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useFormat();
  const goBack = useGoBack();
  const failureMessage = useFailureMessage();
  const lang = useAppSelector((state) => state.preferences.lang);
  const [draft, setDraft] = useState<BudgetDraft>(() => draftOf(payload));
  const [clientName, setClientName] = useState('');
  const [revising, setRevising] = useState<QuoteSummary | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [others, setOthers] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<Action | null>(null);
  const [askRecipient, setAskRecipient] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** The quotes ticked in the list below. */
  const [checked, setChecked] = useState<ReadonlySet<number>>(() => new Set());
  /** The quote this form just issued, with the body it was issued from: "open" while the form still says the same. */
  const [openQuote, setOpenQuote] = useState<{ quote: Quote; body: string } | null>(null);
  const [sendingExisting, setSendingExisting] = useState<readonly QuoteToSend[] | null>(null);
  const [sentNote, setSentNote] = useState<string | null>(null);
  const attempt = useAttemptKey();
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const revisingRef = useRef<HTMLDivElement>(null);

  const figures = useMemo(() => figuresOf(payload.products, draft), [payload.products, draft]);
  const clientNameError = clientName.trim() === '' ? null : QuotePersonName.safeParse(clientName).success ? null : 'formError.invalidCharacters';

  const setLine = (id: string, field: keyof LineInput, value: string) => {
    setDraft((previous) => {
      const line = previous.lines[id] ?? { quantity: '', discount: '' };
      return { ...previous, lines: { ...previous.lines, [id]: { ...line, [field]: value } } };
    });
    setServerErrors(({ [`${id}.${field}`]: _dropped, ...rest }) => rest);
  };
  const setFooter = (field: FooterField, value: string) => {
    setDraft((previous) => ({ ...previous, footer: { ...previous.footer, [field]: value } }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('.lm-field[data-invalid] :is(input, textarea)')?.focus());

  /** A 400's fields beside the lines and footer fields they name, the rest above the form. */
  function showRefused(fields: readonly FieldError[] | undefined) {
    const byField: Record<string, string> = {};
    const rest: string[] = [];
    for (const { path, message } of fields ?? []) {
      const key = i18n.exists(message) ? message : 'formError.invalid';
      const target = targetOf(path, payload.products);
      if (target.kind === 'line') byField[`${target.id}.${target.field}`] ??= key;
      else if (target.kind === 'footer') byField[target.field] ??= key;
      else if (target.field === 'clientName') byField.clientName ??= key;
      else if (!rest.includes(key)) rest.push(key);
    }
    setServerErrors(byField);
    setOthers(rest);
    if (Object.keys(byField).length > 0) focusFirstInvalid();
  }

  function currentBody(client?: string): BudgetBody {
    const name = client ?? (clientName.trim() === '' ? undefined : clientName.trim());
    return bodyOf(payload.projectId, payload.products, figures, { lang, clientName: name, revisionOf: revising?.id });
  }

  /** Issues the quote; null (with the failure shown) when the api refused it. */
  async function issue(body: BudgetBody): Promise<IssuedQuote | null> {
    const result = await dispatch(issueBudget({ body, idempotencyKey: attempt.keyFor(body) }));
    if (issueBudget.fulfilled.match(result)) {
      attempt.done();
      return result.payload;
    }
    showRefused(result.payload?.error.fields);
    setFailure(failureMessage(result.payload));
    return null;
  }

  function checkForm(): boolean {
    setFailure(null);
    setOthers([]);
    if (!figures.valid || clientNameError) {
      if (figures.includedCount === 0) setOthers(['budgets.noLinesLeft']);
      focusFirstInvalid();
      return false;
    }
    return true;
  }

  function finished(next: Outcome, body?: BudgetBody) {
    setOutcome(next);
    setSentNote(null);
    setOpenQuote(body && next.action !== 'send' ? { quote: next.quote, body: JSON.stringify(body) } : null);
    setRevising(null);
    reloadList();
    requestAnimationFrame(() => outcomeRef.current?.focus());
  }

  async function run(action: Exclude<Action, 'send'>) {
    if (pending || !checkForm()) return;
    setPending(action);
    const body = currentBody();
    const issued = await issue(body);
    if (!issued) {
      setPending(null);
      return;
    }
    if (action === 'save') {
      // Spec §2: a save-only budget goes back one screen on success.
      goBack(projectPath(payload.projectId));
      return;
    }
    const { quote, document } = issued;
    await dispatch(downloadQuoteDocument({ quoteId: quote.id, budgetNumber: quote.budgetNumber, kind: 'pdf', lang, ...(document ? { fileName: document.fileName } : {}) }));
    setPending(null);
    finished({ quote, action }, body);
  }

  /**
   * Issue 34 §2: "Send to a client" sends the quotes ticked in the list, else the quote this form has
   * just issued while the form still says the same; a new number only when neither (or a revision).
   */
  const toSend: readonly QuoteToSend[] | null = (() => {
    const ticked = (list?.items ?? []).filter((item) => checked.has(item.id));
    if (ticked.length > 0) return ticked;
    if (openQuote && !revising && figures.valid && JSON.stringify(currentBody()) === openQuote.body)
      return [{ id: openQuote.quote.id, budgetNumber: openQuote.quote.budgetNumber, clientName: openQuote.quote.clientName, sentTo: openQuote.quote.sentTo?.email ?? null }];
    return null;
  })();

  /** A new revision of a quote starts from that quote's quantities, discounts, footer and client. */
  async function revise(summary: QuoteSummary) {
    setOutcome(null);
    const result = await dispatch(loadQuote({ quoteId: summary.id }));
    if (loadQuote.rejected.match(result)) {
      setFailure(failureMessage(result.payload));
      return;
    }
    const quote = result.payload;
    setDraft((previous) => draftFromQuote(previous, quote));
    setClientName(quote.clientName ?? '');
    setServerErrors({});
    setRevising(summary);
    requestAnimationFrame(() => revisingRef.current?.focus());
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run('save');
  };

  /** A footer field's message: its own check as the user types, else what the api said of it. */
  const footerError = (field: FooterField): string | undefined => {
    const own = figures.footer[field];
    return own.ok ? serverErrors[field] : own.error;
  };
  const percents = {
    discount: figures.footer.discount.ok ? figures.footer.discount.value : 0,
    surcharge: figures.footer.surcharge.ok ? figures.footer.surcharge.value : 0,
    iva: figures.footer.iva.ok ? figures.footer.iva.value : 0,
  };

  return (
    <section className="page budget" aria-labelledby="budget-title">
      <nav className="budget__crumbs" aria-label={t('budgets.crumbs')}>
        <Link className="text-link" to={projectPath(payload.projectId)}>
          {payload.projectName}
        </Link>
      </nav>
      <header className="budget__header">
        <h1 id="budget-title">{t('budgets.title')}</h1>
        <p className="budget__facts">
          <span>{payload.projectName}</span>
          <span>{t('budgets.currency', { currency: payload.currency })}</span>
          <span>{t('budgets.validity', { days: payload.validityDays, date: format.date(`${payload.validationDate}T12:00:00`) })}</span>
        </p>
      </header>

      {sentNote && (
        <div ref={outcomeRef} tabIndex={-1} className="card budget-outcome" role="status">
          <p>{sentNote}</p>
        </div>
      )}

      {outcome && (
        <div ref={outcomeRef} tabIndex={-1} className="card budget-outcome" role="status">
          <p>
            {outcome.action === 'send'
              ? t('budgets.outcome.sent', { number: outcome.quote.budgetNumber, email: outcome.sentTo ?? '' })
              : t('budgets.outcome.downloaded', { number: outcome.quote.budgetNumber })}
          </p>
          <div className="budget-actions">
            <Button variant="secondary" size="sm" onPress={() => void dispatch(downloadQuoteDocument({ quoteId: outcome.quote.id, budgetNumber: outcome.quote.budgetNumber, kind: 'pdf', lang }))}>
              {t('budgets.download.pdf')}
            </Button>
            <Button variant="secondary" size="sm" onPress={() => void dispatch(downloadQuoteDocument({ quoteId: outcome.quote.id, budgetNumber: outcome.quote.budgetNumber, kind: 'xlsx', lang }))}>
              {t('budgets.download.xlsx')}
            </Button>
            <Link className="text-link" to={projectPath(payload.projectId)}>
              {t('budgets.toProject')}
            </Link>
          </div>
        </div>
      )}

      {payload.products.length === 0 ? (
        <div className="card budget-empty" role="note">
          <p>{t('budgets.noLines')}</p>
          <ExcludedLines excluded={payload.excluded} />
          <Link className="text-link" to={projectPath(payload.projectId)}>
            {t('budgets.toProject')}
          </Link>
        </div>
      ) : (
        <form ref={formRef} className="budget__form" onSubmit={onSubmit} noValidate aria-labelledby="budget-title">
          {(failure || others.length > 0) && (
            <div role="alert" className="form-alert">
              {failure && <p>{failure}</p>}
              {others.length > 0 && (
                <ul className="budget-alert__list">
                  {others.map((key) => (
                    <li key={key}>{t(key)}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {revising && (
            <div ref={revisingRef} tabIndex={-1} className="card budget-revising" role="note">
              <p>{t('budgets.revising', { number: revising.baseNumber, revision: revising.revision + 1 })}</p>
              <Button variant="ghost" size="sm" onPress={() => setRevising(null)}>
                {t('budgets.revisingCancel')}
              </Button>
            </div>
          )}
          <section className="card budget__lines" aria-labelledby="budget-lines-title">
            <h2 id="budget-lines-title">{t('budgets.lines.title', { count: payload.products.length })}</h2>
            <p className="budget-muted">{t('budgets.lines.help')}</p>
            <BudgetLines
              products={payload.products}
              currency={payload.currency}
              inputs={draft.lines}
              figures={figures}
              serverErrors={serverErrors}
              onChange={setLine}
            />
            <ExcludedLines excluded={payload.excluded} />
          </section>

          <div className="budget__bottom">
            <fieldset className="card budget__footer">
              <legend>{t('budgets.footer.title')}</legend>
              <div className="budget__percents">
                {(['discount', 'surcharge', 'iva'] as const).map((field) => (
                  <TextField
                    key={field}
                    label={t(`budgets.footer.${field}`)}
                    description={t(field === 'iva' ? 'budgets.footer.taxHelp' : 'budgets.footer.percentHelp')}
                    value={draft.footer[field]}
                    onChange={(value) => setFooter(field, value)}
                    isInvalid={Boolean(footerError(field))}
                    errorMessage={footerError(field) ? t(footerError(field) ?? '') : undefined}
                  />
                ))}
              </div>
              <TextField
                label={t('budgets.footer.clientName')}
                description={t('budgets.footer.clientNameHelp')}
                value={clientName}
                onChange={(value) => {
                  setClientName(value);
                  setServerErrors(({ clientName: _dropped, ...rest }) => rest);
                }}
                isInvalid={Boolean(clientNameError ?? serverErrors.clientName)}
                errorMessage={clientNameError || serverErrors.clientName ? t(clientNameError ?? serverErrors.clientName ?? '') : undefined}
              />
              <TextArea
                label={t('budgets.footer.comment')}
                description={t('budgets.footer.commentHelp')}
                rows={4}
                maxLength={COMMENT_MAX}
                value={draft.footer.comment}
                onChange={(value) => setFooter('comment', value)}
                isInvalid={Boolean(footerError('comment'))}
                errorMessage={footerError('comment') ? t(footerError('comment') ?? '') : undefined}
              />
            </fieldset>

            <section className="card budget__summary" aria-labelledby="budget-totals-title">
              <h2 id="budget-totals-title">{t('budgets.totals.title')}</h2>
              {figures.totals ? (
                <QuoteTotals totals={figures.totals} percents={percents} currency={payload.currency} live />
              ) : (
                <p className="budget-muted" role="status">
                  {t('budgets.totals.fixFields')}
                </p>
              )}
              <p className="budget-muted">{t('budgets.totals.serverNote')}</p>
              <div className="budget__submit">
                <Button type="submit" isLoading={pending === 'save'} isDisabled={pending !== null && pending !== 'save'} fullWidth>
                  {t(revising ? 'budgets.action.saveRevision' : 'budgets.action.save')}
                </Button>
                <Button variant="secondary" isLoading={pending === 'download'} isDisabled={pending !== null && pending !== 'download'} fullWidth onPress={() => void run('download')}>
                  {t('budgets.action.saveDownload')}
                </Button>
                <Button
                  variant="secondary"
                  isLoading={pending === 'send'}
                  isDisabled={pending !== null && pending !== 'send'}
                  fullWidth
                  onPress={() => {
                    if (toSend) {
                      setFailure(null);
                      setSendingExisting(toSend);
                    } else if (checkForm()) setAskRecipient(true);
                  }}
                >
                  {toSend
                    ? toSend.length === 1
                      ? t('budgets.action.sendNumber', { number: toSend[0]?.budgetNumber ?? '' })
                      : t('budgets.send.title', { count: toSend.length })
                    : t('budgets.action.saveSend')}
                </Button>
              </div>
            </section>
          </div>
        </form>
      )}

      {list ? (
        <PreviousBudgets
          list={list}
          revising={revising?.id ?? null}
          checked={checked}
          onCheckedChange={setChecked}
          canRevokeLinks
          onChanged={reloadList}
          onRevise={(quote) => void revise(quote)}
        />
      ) : listFailed ? (
        <section className="card budget-previous" aria-labelledby="budget-previous-title">
          <h2 id="budget-previous-title">{t('budgets.previous.title')}</h2>
          <p role="alert">{t('budgets.previous.failed')}</p>
          <Button variant="secondary" size="sm" onPress={reloadList}>
            {t('budgets.retry')}
          </Button>
        </section>
      ) : null}

      {sendingExisting && (
        <Suspense fallback={null}>
          <SendQuoteModal
            quotes={sendingExisting}
            onClose={() => setSendingExisting(null)}
            onSent={(email) => {
              setSentNote(t('budgets.send.done', { count: sendingExisting.length, email }));
              setSendingExisting(null);
              setChecked(new Set());
              setOpenQuote(null);
              setOutcome(null);
              reloadList();
              requestAnimationFrame(() => outcomeRef.current?.focus());
            }}
          />
        </Suspense>
      )}

      {askRecipient && (
        <RecipientModal
          title={t('budgets.send.issueTitle')}
          intro={t('budgets.send.issueIntro')}
          submitLabel={t('budgets.action.saveSend')}
          onClose={() => setAskRecipient(false)}
          onSubmit={async (recipient) => {
            setPending('send');
            try {
              // The client's name goes on the quote unless the footer names another one.
              const issued = await issue(currentBody(clientName.trim() === '' ? recipient.name : clientName.trim()));
              if (!issued) {
                setAskRecipient(false);
                return;
              }
              const body = { email: recipient.email, name: recipient.name, lang, ...(recipient.message ? { message: recipient.message } : {}) };
              const sent = await dispatch(sendQuote({ quoteId: issued.quote.id, body, idempotencyKey: attempt.keyFor({ quote: issued.quote.id, body }) }));
              if (sendQuote.rejected.match(sent)) {
                // The quote is issued; the list offers to send it again.
                const refused = recipientFieldsOf(sent.payload?.error);
                setAskRecipient(false);
                setFailure(t('budgets.send.issuedNotSent', { number: issued.quote.budgetNumber }) + (refused ? '' : ` ${failureMessage(sent.payload)}`));
                reloadList();
                return;
              }
              attempt.done();
              setAskRecipient(false);
              finished({ quote: sent.payload, action: 'send', sentTo: recipient.email });
            } finally {
              setPending(null);
            }
          }}
        />
      )}
    </section>
  );
}
