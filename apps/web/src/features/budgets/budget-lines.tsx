import type { BudgetLine, BudgetPayload } from '@lumen/contracts';
import { lineAttributeTexts, round2, toDecimal, toMoney } from '@lumen/domain';
import { TextField } from '@lumen/ui';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n/format';
import { useFormat } from '../../i18n/use-format';
import type { DraftFigures, LineInput } from './budget-form';
import { LineIdentity } from './quote-parts';

interface BudgetLinesProps {
  products: readonly BudgetLine[];
  currency: string;
  inputs: Readonly<Record<string, LineInput>>;
  figures: DraftFigures;
  /** Messages the api gave a line's field (after a refused issue). */
  serverErrors: Readonly<Record<string, string>>;
  onChange: (id: string, field: keyof LineInput, value: string) => void;
}

/**
 * The configuration of a line in words, a pendant height with its value ("Black · 3000 K · Pendant
 * height 2.50 m"; issue 34 §3), lengths in the units of the currency's catalogue (USD: 21).
 */
export function attributesText(line: Pick<BudgetLine, 'attributes'>, currency: string, lang: string): string {
  return lineAttributeTexts(line.attributes, currency === 'USD' ? 21 : 16, lang).join(' · ');
}

/** What a line leaves the professional: its net less quantity × their purchase price, 2 decimals. */
export function marginOf(net: number, quantity: number, purchaseUnitNet: number): number {
  return toMoney(toDecimal(net).minus(round2(toDecimal(purchaseUnitNet).times(quantity))));
}

/**
 * The lines that may enter the budget (spec §5): what each is (reference, model, description,
 * attributes, lumens, watts), its quantity and discount as the user edits them, and its unit gross
 * and net price recomputed as they type. A table on wide screens; each line a card on phones.
 */
export function BudgetLines({ products, currency, inputs, figures, serverErrors, onChange }: BudgetLinesProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const money = (value: number) => formatMoney(value, currency);
  // The markup column is the professional's own (issue 34 §1): shown where the lines carry their purchase price.
  const markups = products.some((line) => typeof line.purchaseUnitNet === 'number');
  return (
    <table className="budget-lines">
      <caption className="lm-visually-hidden">{t('budgets.lines.caption', { count: products.length })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('budgets.lines.product')}</th>
          <th scope="col" className="budget-lines__num">
            {t('budgets.lines.lumens')}
          </th>
          <th scope="col" className="budget-lines__num">
            {t('budgets.lines.watts')}
          </th>
          <th scope="col" className="budget-lines__input-col">
            {t('budgets.lines.quantity')}
          </th>
          {markups && (
            <th scope="col" className="budget-lines__input-col">
              {t('budgets.lines.markup')}
            </th>
          )}
          <th scope="col" className="budget-lines__num">
            {t('budgets.lines.unitGross')}
          </th>
          <th scope="col" className="budget-lines__input-col">
            {t('budgets.lines.discount')}
          </th>
          <th scope="col" className="budget-lines__num">
            {t('budgets.lines.net')}
          </th>
        </tr>
      </thead>
      <tbody>
        {products.map((line, index) => {
          const input = inputs[line._id] ?? { quantity: String(line.quantity), discount: String(line.discount) };
          const figure = figures.lines[line._id];
          const quantityError = figure && !figure.quantity.ok ? figure.quantity.error : serverErrors[`${line._id}.quantity`];
          const discountError = figure && !figure.discount.ok ? figure.discount.error : serverErrors[`${line._id}.discount`];
          const markupError = figure && !figure.markup.ok ? figure.markup.error : serverErrors[`${line._id}.markup`];
          const name = line.description || (line.referenceCode ?? line.model);
          const attributes = attributesText(line, currency, i18n.language);
          return (
            <tr key={line._id} className="budget-lines__row" data-excluded={figure && !figure.included ? true : undefined}>
              <th scope="row" className="budget-lines__product">
                <LineIdentity line={line} attributes={attributes}>
                  {line.articleCode && line.referenceCode && <span className="budget-lines__article">{t('budgets.lines.article', { code: line.articleCode })}</span>}
                  {figure && !figure.included && <span className="budget-lines__dropped">{t('budgets.lines.dropped')}</span>}
                </LineIdentity>
              </th>
              <td className="budget-lines__num" data-label={t('budgets.lines.lumens')}>
                {line.lumensLed === null ? '—' : `${format.number(line.lumensLed)} lm`}
              </td>
              <td className="budget-lines__num" data-label={t('budgets.lines.watts')}>
                {line.watts === null ? '—' : `${format.number(line.watts)} W`}
              </td>
              <td className="budget-lines__input-col">
                <TextField
                  label={t('budgets.lines.quantityOf', { name, index: index + 1 })}
                  className="budget-lines__field"
                  value={input.quantity}
                  onChange={(value) => onChange(line._id, 'quantity', value)}
                  isInvalid={Boolean(quantityError)}
                  errorMessage={quantityError ? t(quantityError) : undefined}
                />
              </td>
              {markups && (
                <td className="budget-lines__input-col budget-lines__markup">
                  {typeof line.purchaseUnitNet === 'number' ? (
                    <TextField
                      label={t('budgets.lines.markupOf', { name, index: index + 1 })}
                      className="budget-lines__field"
                      value={input.markup ?? ''}
                      onChange={(value) => onChange(line._id, 'markup', value)}
                      isInvalid={Boolean(markupError)}
                      errorMessage={markupError ? t(markupError) : undefined}
                    />
                  ) : (
                    '—'
                  )}
                </td>
              )}
              <td className="budget-lines__num budget-lines__gross" data-label={t('budgets.lines.unitGross')}>
                {money(figure?.unitGross ?? line.unitPvp)}
              </td>
              <td className="budget-lines__input-col budget-lines__discount">
                <TextField
                  label={t('budgets.lines.discountOf', { name, index: index + 1 })}
                  className="budget-lines__field"
                  value={input.discount}
                  onChange={(value) => onChange(line._id, 'discount', value)}
                  isInvalid={Boolean(discountError)}
                  errorMessage={discountError ? t(discountError) : undefined}
                />
              </td>
              <td className="budget-lines__num budget-lines__net" data-label={t('budgets.lines.net')}>
                {figure?.netPrice === null || figure === undefined ? '—' : money(figure.netPrice)}
                {/* The professional's own figures (issue 34 §1): never on what the client receives. */}
                {typeof line.purchaseUnitNet === 'number' && figure && figure.netPrice !== null && figure.quantity.ok && (
                  <span className="budget-lines__internal">
                    {t('budgets.lines.internal', { purchase: money(line.purchaseUnitNet), margin: money(marginOf(figure.netPrice, figure.quantity.value, line.purchaseUnitNet)) })}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The project's lines left out of the budget, and why (spec §5). */
export function ExcludedLines({ excluded }: { excluded: BudgetPayload['excluded'] }) {
  const { t } = useTranslation();
  if (excluded.length === 0) return null;
  return (
    <details className="budget-excluded">
      <summary>{t('budgets.excluded.summary', { count: excluded.length })}</summary>
      <ul>
        {excluded.map((line) => (
          <li key={line._id}>
            <span className="budget-lines__reference">{line.referenceCode ?? line.model}</span> — {t(`budgets.excluded.${line.reason}`)}
          </li>
        ))}
      </ul>
    </details>
  );
}
