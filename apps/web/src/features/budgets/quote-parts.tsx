import type { BudgetLine, QuoteStatus } from '@lumen/contracts';
import { taxSummaryOf } from '@lumen/domain';
import { Badge, type BadgeTone } from '@lumen/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n/format';
import { useFormat } from '../../i18n/use-format';

const QUOTE_TONES: Record<QuoteStatus, BadgeTone> = { issued: 'neutral', sent: 'warning', accepted: 'success', declined: 'danger', expired: 'muted' };

/** A quote's status (issued, sent: awaiting the client, accepted, declined, expired) as a badge. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return <Badge tone={QUOTE_TONES[status]}>{t(`budgets.status.${status}`)}</Badge>;
}

export interface TotalsFigures {
  subTotal: number;
  discountValue: number;
  surchargeValue: number;
  ivaValue: number;
  netTotal: number;
}

/**
 * The totals block (spec §5, issue 34 §1): subtotal, general discount and surcharge with their
 * percentages, the net before tax, the tax rate with its base and amount, and the total with tax
 * (the stored `netTotal`); money per the currency's locale (spec §9). `live`: read out politely as
 * the user types (the budget page), not on a read-only quote.
 */
export function QuoteTotals({ totals, percents, currency, live = false }: { totals: TotalsFigures; percents: { discount: number; surcharge: number; iva: number }; currency: string; live?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (value: number) => formatMoney(value, currency);
  const percent = (value: number) => format.number(value / 100, { style: 'percent', maximumFractionDigits: 3 });
  const summary = taxSummaryOf(totals, percents.iva);
  return (
    <dl className="quote-totals" aria-live={live ? 'polite' : undefined} aria-atomic={live ? true : undefined}>
      <div>
        <dt>{t('budgets.totals.subTotal')}</dt>
        <dd>{money(totals.subTotal)}</dd>
      </div>
      <div>
        <dt>{t('budgets.totals.discount', { percent: percent(percents.discount) })}</dt>
        <dd>{money(totals.discountValue === 0 ? 0 : -totals.discountValue)}</dd>
      </div>
      <div>
        <dt>{t('budgets.totals.surcharge', { percent: percent(percents.surcharge) })}</dt>
        <dd>{money(totals.surchargeValue)}</dd>
      </div>
      <div className="quote-totals__before-tax">
        <dt>{t('budgets.totals.net')}</dt>
        <dd>{money(summary.net)}</dd>
      </div>
      {summary.taxes.map((tax) => (
        <div key={tax.rate}>
          <dt>{t('budgets.totals.iva', { percent: percent(tax.rate), base: money(tax.base) })}</dt>
          <dd>{money(tax.amount)}</dd>
        </div>
      ))}
      <div className="quote-totals__net">
        <dt>{t('budgets.totals.netTotal')}</dt>
        <dd>{money(totals.netTotal)}</dd>
      </div>
    </dl>
  );
}

/** What names a line on every quote screen (issue 34 §3). */
export type NamedLine = Pick<BudgetLine, 'description' | 'referenceCode' | 'articleCode' | 'model' | 'type'> & Partial<Pick<BudgetLine, 'image' | 'billOfMaterials'>>;

/**
 * A line as people know it (issue 34 §3): its picture, its name ("Wireflow composition, 7
 * luminaires", a model's name) first, the reference as a small code under it, and for a creation its
 * bill of materials (luminaires, accessories, drivers) as sub-lines, per set.
 */
export function LineIdentity({ line, attributes, children }: { line: NamedLine; attributes?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const code = line.referenceCode ?? line.articleCode ?? line.model;
  const bill = line.billOfMaterials ?? [];
  return (
    <span className="budget-lines__identity">
      {line.image ? <img src={line.image} alt="" width={48} height={48} decoding="async" loading="lazy" className="budget-lines__image" /> : null}
      <span className="budget-lines__names">
        <span className="budget-lines__description">{line.description || code}</span>
        {code !== line.description && <span className="budget-lines__reference">{code}</span>}
        {attributes && <span className="budget-lines__attributes">{attributes}</span>}
        {bill.length > 0 && (
          <span className="budget-lines__bill">
            <span className="budget-lines__bill-title">{t('budgets.lines.billTitle')}</span>
            <ul>
              {bill.map((sub) => (
                <li key={`${sub.kind}-${sub.reference}`}>
                  {format.number(sub.quantity)} × <span className="budget-lines__bill-ref">{sub.reference}</span> {sub.description !== sub.reference ? sub.description : t(`budgets.lines.billKind.${sub.kind}`)}
                </li>
              ))}
            </ul>
          </span>
        )}
        {children}
      </span>
    </span>
  );
}
