import type { BudgetList, QuoteSummary } from '@lumen/contracts';
import { Button, Modal } from '@lumen/ui';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../i18n/format';
import { useFormat } from '../../i18n/use-format';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useFailureMessage } from '../../shared/error-message';
import { downloadQuoteDocument, revokeQuoteLink } from './budgets-calls';
import { QuoteStatusBadge } from './quote-parts';

/** The send dialog loads when opened: its form brings the contracts' schemas, which the project page does not need to show the quotes. */
const SendQuoteModal = lazy(() => import('./send-quote-modal').then((module) => ({ default: module.SendQuoteModal })));

interface PreviousBudgetsProps {
  list: BudgetList;
  /** Starts a new revision of this quote in the form above (absent where the list is only read). */
  onRevise?: (quote: QuoteSummary) => void;
  /** The list changed at the api (quotes sent). */
  onChanged: () => void;
  /** The quote being revised, marked in the list. */
  revising?: number | null;
  /** The user may revoke a sent quote's public link (budget or budget.add, and price.view: the budget page). */
  canRevokeLinks?: boolean;
  /** The ticked quotes, when the page above acts on them too (the budget page's "Send to a client"); else the list keeps them. */
  checked?: ReadonlySet<number>;
  onCheckedChange?: (next: ReadonlySet<number>) => void;
}

/**
 * The project's previous budgets (spec §3): number, revision, status, dates, client and total of
 * each, a checked flag per quote and the checked count, to download or send several at once; each
 * quote's PDF and spreadsheet, and a new revision of it.
 */
export function PreviousBudgets({ list, onRevise, onChanged, revising = null, canRevokeLinks = false, checked: checkedFromPage, onCheckedChange }: PreviousBudgetsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const lang = useAppSelector((state) => state.preferences.lang);
  // The checked flags start as the api gives them (all false) and are the user's from then on.
  const [ownChecked, setOwnChecked] = useState<ReadonlySet<number>>(() => new Set(list.items.filter((item) => item.checked).map((item) => item.id)));
  const checked = checkedFromPage ?? ownChecked;
  const setChecked = (next: ReadonlySet<number> | ((previous: ReadonlySet<number>) => ReadonlySet<number>)) => {
    const value = typeof next === 'function' ? next(checked) : next;
    if (onCheckedChange) onCheckedChange(value);
    else setOwnChecked(value);
  };
  const [sending, setSending] = useState<QuoteSummary[] | null>(null);
  const [sentTo, setSentTo] = useState<{ email: string; count: number } | null>(null);
  const [revoking, setRevoking] = useState<QuoteSummary | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const selected = list.items.filter((item) => checked.has(item.id));
  const checkedCount = selected.length;

  const toggle = (id: number, on: boolean) =>
    setChecked((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const download = (quote: QuoteSummary, kind: 'pdf' | 'xlsx') => dispatch(downloadQuoteDocument({ quoteId: quote.id, budgetNumber: quote.budgetNumber, kind, lang }));
  const downloadChecked = async () => {
    // One after the other: the browser keeps every file (several at once may be refused as pop-ups).
    for (const quote of selected) await download(quote, 'pdf');
  };

  if (list.items.length === 0)
    return (
      <section className="card budget-previous" aria-labelledby="budget-previous-title">
        <h2 id="budget-previous-title">{t('budgets.previous.title')}</h2>
        <p className="budget-muted">{t('budgets.previous.none')}</p>
      </section>
    );

  return (
    <section className="card budget-previous" aria-labelledby="budget-previous-title">
      <div className="budget-previous__header">
        <h2 id="budget-previous-title">{t('budgets.previous.title')}</h2>
        <div className="budget-previous__bulk" role="group" aria-label={t('budgets.previous.bulk')}>
          <span className="budget-previous__count" aria-live="polite">
            {t('budgets.previous.checkedCount', { count: checkedCount })}
          </span>
          <Button variant="secondary" size="sm" isDisabled={checkedCount === 0} onPress={() => void downloadChecked()}>
            {t('budgets.previous.downloadChecked')}
          </Button>
          <Button variant="secondary" size="sm" isDisabled={checkedCount === 0} onPress={() => setSending(selected)}>
            {t('budgets.previous.sendChecked')}
          </Button>
        </div>
      </div>
      {sentTo && (
        <p className="form-success" role="status">
          {t('budgets.send.done', { count: sentTo.count, email: sentTo.email })}
        </p>
      )}
      {revoked && (
        <p className="form-success" role="status">
          {t('budgets.revoke.done', { number: revoked })}
        </p>
      )}
      <ul className="budget-previous__list">
        {list.items.map((quote) => {
          const checkboxId = `budget-check-${quote.id}`;
          return (
            <li key={quote.id} className="budget-previous__item" data-revising={revising === quote.id || undefined}>
              <input id={checkboxId} type="checkbox" className="budget-previous__check" checked={checked.has(quote.id)} onChange={(event) => toggle(quote.id, event.currentTarget.checked)} />
              <div className="budget-previous__main">
                <label htmlFor={checkboxId} className="budget-previous__number">
                  {quote.budgetNumber}
                  <span className="lm-visually-hidden">, {t(`budgets.status.${quote.status}`)}</span>
                </label>
                <QuoteStatusBadge status={quote.status} />
                {quote.isFinalQuote && <span className="budget-previous__final">{t('budgets.previous.finalQuote')}</span>}
                <p className="budget-previous__facts">
                  <span>{t('budgets.previous.revision', { number: quote.revision })}</span>
                  <span>{t('budgets.previous.created', { date: format.date(quote.creationDate) })}</span>
                  <span>{t('budgets.previous.validUntil', { date: format.date(`${quote.validationDate}T12:00:00`) })}</span>
                  {quote.clientName && <span>{t('budgets.previous.client', { name: quote.clientName })}</span>}
                  {quote.sentTo && <span>{t('budgets.previous.sentTo', { email: quote.sentTo })}</span>}
                  {quote.acceptedAt && <span>{t('budgets.previous.acceptedAt', { date: format.date(quote.acceptedAt) })}</span>}
                  <span>{t('budgets.previous.lines', { count: quote.linesCount })}</span>
                </p>
              </div>
              <p className="budget-previous__total">{formatMoney(quote.totalNet, quote.currency)}</p>
              <div className="budget-previous__actions">
                <Button variant="secondary" size="sm" aria-label={t('budgets.previous.pdfOf', { number: quote.budgetNumber })} onPress={() => void download(quote, 'pdf')}>
                  PDF
                </Button>
                <Button variant="secondary" size="sm" aria-label={t('budgets.previous.xlsxOf', { number: quote.budgetNumber })} onPress={() => void download(quote, 'xlsx')}>
                  XLSX
                </Button>
                {quote.orderId ? (
                  // Quote and order link to each other (issue 34 §2).
                  <Link className="button-link" to={`/order/${quote.orderId}`} aria-label={t('budgets.previous.orderOf', { number: quote.budgetNumber, id: quote.orderId })}>
                    {t('budgets.previous.order', { id: quote.orderId })}
                  </Link>
                ) : (
                  quote.status === 'accepted' && (
                    // An accepted quote becomes the order (issue 34 §2): the order is made from the quote's frozen lines and prices.
                    <Link className="button-link" to={`/project/${list.projectId}/new-order?quoteId=${quote.id}`} aria-label={t('budgets.previous.toOrderOf', { number: quote.budgetNumber })}>
                      {t('budgets.previous.toOrder')}
                    </Link>
                  )
                )}
                {canRevokeLinks && quote.status === 'sent' && (
                  // Issue 29 §9: the link mailed to the client stops working before its date.
                  <Button variant="ghost" size="sm" aria-label={t('budgets.previous.revokeLinkOf', { number: quote.budgetNumber })} onPress={() => setRevoking(quote)}>
                    {t('budgets.previous.revokeLink')}
                  </Button>
                )}
                {onRevise && (
                  <Button variant="ghost" size="sm" aria-label={t('budgets.previous.reviseOf', { number: quote.budgetNumber })} onPress={() => onRevise(quote)}>
                    {t('budgets.previous.revise')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {revoking && (
        <RevokeLinkModal
          quote={revoking}
          onClose={() => setRevoking(null)}
          onDone={() => {
            setRevoked(revoking.budgetNumber);
            setSentTo(null);
            setRevoking(null);
            onChanged();
          }}
        />
      )}
      {sending && (
        <Suspense fallback={null}>
          <SendQuoteModal
            quotes={sending}
            onClose={() => setSending(null)}
            onSent={(email) => {
              setSentTo({ email, count: sending.length });
              setSending(null);
              setChecked(new Set());
              onChanged();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

/** Asks before the link goes dead (the client loses the page at once), then revokes it. */
function RevokeLinkModal({ quote, onClose, onDone }: { quote: QuoteSummary; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const failureMessage = useFailureMessage();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function confirm() {
    setPending(true);
    setFailure(null);
    const result = await dispatch(revokeQuoteLink({ quoteId: quote.id }));
    if (revokeQuoteLink.fulfilled.match(result)) {
      onDone();
      return;
    }
    setFailure(failureMessage(result.payload));
    setPending(false);
  }
  return (
    <Modal
      isOpen
      role="alertdialog"
      onClose={onClose}
      isDismissable={!pending}
      title={t('budgets.revoke.title', { number: quote.budgetNumber })}
      footer={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={pending}>
            {t('budgets.cancel')}
          </Button>
          <Button isLoading={pending} onPress={() => void confirm()}>
            {t('budgets.previous.revokeLink')}
          </Button>
        </>
      }
    >
      <p>{t('budgets.revoke.text')}</p>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </Modal>
  );
}
