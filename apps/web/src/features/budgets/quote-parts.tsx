import type { QuoteStatus } from '@lumen/contracts';
import { taxSummaryOf } from '@lumen/domain';
import { Badge, type BadgeTone } from '@lumen/ui';
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
