import type { Lang, Quote } from '@lumen/contracts';
import { formatCurrency, formatLocaleDate, formatLocaleNumber, formatPercent, lineAttributeTexts, taxSummaryOf, type TaxSummary } from '@lumen/domain';
import { translationsFor } from '@lumen/i18n';
import { fillTemplate } from '../../lib/mail-text';
import { thumbnailKey } from '../erp/erp.documents';
import { createBrandedPdf, drawNote, drawTable, drawTotals, PDF_COLORS, PDF_SIZES } from '../../lib/pdf';
import { buildWorkbook, type SummaryRefs } from '../../lib/spreadsheet';

type Line = Quote['products'][number];

/** The texts of a document in `lang` (common-front), with {{placeholders}} filled. */
function textsOf(lang: Lang) {
  const t = translationsFor('common-front', lang);
  return (key: string, values: Readonly<Record<string, string | number>> = {}) => fillTemplate(t[key] ?? key, values);
}

/** Dates of a United States final quote are American whatever English the user reads. */
function dateLangOf(quote: Quote, lang: Lang): Lang {
  return quote.isFinalQuote && lang === 'en' ? 'us' : lang;
}

/** Every attribute the line was configured with, a pendant height with its value (issue 34 §3). */
const attributesText = (line: Line, catalogId: number, lang: Lang) => lineAttributeTexts(line.attributes, catalogId, lang).join(' · ');

/** A creation's bill of materials as its sub-lines (issue 34 §3): "7 × 577010/02_10 Wireflow pendant", per set. */
export const billTexts = (line: Line, lang: Lang): string[] => (line.billOfMaterials ?? []).map((sub) => `${formatLocaleNumber(sub.quantity, lang)} × ${sub.reference} ${sub.description}`.trim());

/** What people read under the lines: net before tax, the rate with its base and amount, the total with tax (issue 34 §1). */
const taxSummaryOfQuote = (quote: Quote): TaxSummary =>
  taxSummaryOf({ subTotal: quote.subTotalNet, discountValue: quote.discountValue, surchargeValue: quote.surchargeValue, ivaValue: quote.ivaValue }, quote.iva);

/** How a spreadsheet shows a day in a language: month first in American English, day first elsewhere. */
const sheetDateFormat = (lang: Lang): string => (lang === 'us' ? 'mm/dd/yyyy' : lang === 'de' ? 'dd.mm.yyyy' : 'dd/mm/yyyy');

export const quoteFileName = (quote: Quote, extension: 'pdf' | 'xlsx') => `${quote.budgetNumber}.${extension}`;

/**
 * The quote's PDF in `lang` (spec §9 formats; the brand's look of lib/pdf): header with the seller
 * and the number, client and project block, the lines (reference, description and attributes,
 * lumens, watts, energy class, quantity, unit price, discount, net), the totals, the comment and the
 * validity; "Page X of Y" on every page. Figures come from the frozen quote, never recomputed.
 */
export async function quotePdf(quote: Quote, lang: Lang, thumbnails: ReadonlyMap<string, Buffer> = new Map()): Promise<Buffer> {
  const t = textsOf(lang);
  const dateLang = dateLangOf(quote, lang);
  const money = (amount: number) => formatCurrency(amount, quote.currency);
  const date = (value: string) => formatLocaleDate(value, dateLang, { dateStyle: 'long' });
  const title = t(quote.isFinalQuote ? 'quote.document.finalTitle' : 'quote.document.title', { number: quote.budgetNumber });
  const pdf = createBrandedPdf({
    title,
    subtitle: t('quote.document.issued', { date: date(quote.creationDate) }),
    issuer: quote.companyName ?? quote.createdBy.name,
    issuerLines: [quote.createdBy.name, quote.createdBy.email],
    footerNote: `${quote.budgetNumber} · ${quote.projectName}`,
    pageLabel: (page, pages) => t('document.page', { page, pages }),
    info: { title, author: quote.companyName ?? quote.createdBy.name, subject: quote.projectName, lang: lang === 'us' ? 'en-US' : lang },
    // The United States catalogue's documents go on US Letter (issue 34 §2).
    paper: quote.catalogId === 21 ? 'LETTER' : 'A4',
  });
  const { doc } = pdf;

  // The parties and the dates, two columns of label / value.
  const facts: Array<[string, string]> = [
    [t('quote.document.client'), quote.clientName ?? '—'],
    [t('quote.document.project'), quote.projectName],
    [t('quote.document.preparedBy'), `${quote.createdBy.name} <${quote.createdBy.email}>`],
    [t('quote.document.number'), quote.budgetNumber],
    [t('quote.document.date'), date(quote.creationDate)],
    [t('quote.document.validUntil'), date(quote.validationDate)],
    [t('quote.document.currency'), quote.currency],
  ];
  if (quote.usa) {
    const { usa } = quote;
    facts.push(
      [t('quote.document.alias'), usa.budgetAlias],
      [t('quote.document.specifier'), `${usa.specifier.companyName} <${usa.specifier.email}>`],
      [t('quote.document.purchaser'), [usa.purchaser.name, usa.purchaser.companyName, usa.purchaser.email, usa.purchaser.phone].filter(Boolean).join(', ')],
      [t('quote.document.location'), [usa.city.name, usa.state.name, usa.country.name].join(', ')],
    );
  }
  const columnWidth = pdf.width / 2;
  const rowsPerColumn = Math.ceil(facts.length / 2);
  const top = doc.y;
  let bottom = top;
  facts.forEach(([label, value], index) => {
    const column = Math.floor(index / rowsPerColumn);
    const x = pdf.left + column * columnWidth;
    const y = top + (index % rowsPerColumn) * 24;
    pdf.use('regular', PDF_SIZES.small, PDF_COLORS.muted).text(label, x, y, { width: columnWidth - 12, lineBreak: false });
    pdf.use('bold', PDF_SIZES.body).text(value, x, y + 9, { width: columnWidth - 12, lineBreak: false, ellipsis: true });
    bottom = Math.max(bottom, y + 22);
  });
  doc.x = pdf.left;
  doc.y = bottom + 10;

  const number = (value: number | null) => (value === null ? '—' : formatLocaleNumber(value, lang, { maximumFractionDigits: 1 }));
  drawTable(
    pdf,
    [
      // each line with its picture, as on the invoice (issue 34 §3): absent, no picture column
      ...(thumbnails.size > 0 ? [{ header: '', width: 0.9, text: () => '', image: (line: Line) => thumbnails.get(thumbnailKey(line.model, line.attributes.finish?.code)) ?? null }] : []),
      { header: t('quote.column.reference'), width: 2, text: (line: Line) => line.referenceCode ?? line.articleCode ?? line.model },
      { header: t('quote.column.description'), width: 3.85, text: (line) => [line.description, attributesText(line, quote.catalogId, lang), ...billTexts(line, lang)] },
      { header: t('quote.column.lumens'), width: 1.25, align: 'right', text: (line) => number(line.lumensLed) },
      { header: t('quote.column.watts'), width: 1, align: 'right', text: (line) => number(line.watts) },
      { header: t('quote.column.energyClass'), width: 1.85, align: 'center', text: (line) => line.energyClass ?? '—' },
      { header: t('quote.column.quantity'), width: 0.8, align: 'right', text: (line) => formatLocaleNumber(line.quantity, lang) },
      { header: t('quote.column.unitPrice'), width: 1.6, align: 'right', text: (line) => money(line.unitPvp) },
      { header: t('quote.column.discount'), width: 1.35, align: 'right', text: (line) => formatPercent(line.discount, lang) },
      { header: t('quote.column.net'), width: 1.7, align: 'right', text: (line) => money(line.netPrice) },
    ],
    quote.products,
  );

  const summary = taxSummaryOfQuote(quote);
  drawTotals(pdf, [
    { label: t('quote.totals.subTotal'), value: money(quote.subTotalNet) },
    { label: t('quote.totals.discount', { percent: formatPercent(quote.discount, lang) }), value: money(-quote.discountValue) },
    { label: t('quote.totals.surcharge', { percent: formatPercent(quote.surcharge, lang) }), value: money(quote.surchargeValue) },
    { label: t('quote.totals.net'), value: money(summary.net) },
    ...summary.taxes.map((tax) => ({ label: t('quote.totals.iva', { percent: formatPercent(tax.rate, lang), base: money(tax.base) }), value: money(tax.amount) })),
    { label: t('quote.totals.total'), value: money(quote.totalNet), strong: true },
  ]);
  if (quote.comments) drawNote(pdf, t('quote.document.comment'), quote.comments);
  pdf.ensureSpace(30);
  pdf.use('regular', PDF_SIZES.body, PDF_COLORS.muted).text(t('quote.document.validity', { date: date(quote.validationDate), currency: quote.currency }), pdf.left, doc.y + 8, { width: pdf.width });
  return pdf.finish();
}

/** The quote as a spreadsheet: one row per line with numbers as numbers, the totals under it. */
export async function quoteXlsx(quote: Quote, lang: Lang): Promise<Buffer> {
  const t = textsOf(lang);
  const title = t(quote.isFinalQuote ? 'quote.document.finalTitle' : 'quote.document.title', { number: quote.budgetNumber });
  const summary = taxSummaryOfQuote(quote);
  const dayDate = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return buildWorkbook<Line>({
    creator: quote.companyName ?? quote.createdBy.name,
    title,
    currency: quote.currency,
    sheets: [
      {
        name: quote.budgetNumber,
        dateFormat: sheetDateFormat(dateLangOf(quote, lang)),
        summaryColumn: 'net',
        heading: [
          { label: t('quote.document.number'), value: quote.budgetNumber },
          // Dates as dates (a reader sorts and computes with them), in the language's order.
          { label: t('quote.document.date'), value: dayDate(quote.creationDate) },
          { label: t('quote.document.validUntil'), value: dayDate(quote.validationDate) },
          { label: t('quote.document.client'), value: quote.clientName ?? '' },
          { label: t('quote.document.project'), value: quote.projectName },
          { label: t('quote.document.preparedBy'), value: `${quote.createdBy.name} <${quote.createdBy.email}>` },
          { label: t('quote.document.currency'), value: quote.currency },
          ...(quote.usa ? [{ label: t('quote.document.alias'), value: quote.usa.budgetAlias }, { label: t('quote.document.location'), value: [quote.usa.city.name, quote.usa.state.name, quote.usa.country.name].join(', ') }] : []),
        ],
        columns: [
          { header: t('quote.column.reference'), kind: 'text', width: 16, value: (line) => line.referenceCode ?? line.articleCode ?? line.model },
          { header: t('quote.column.description'), kind: 'text', width: 40, value: (line) => [[line.description, attributesText(line, quote.catalogId, lang)].filter(Boolean).join(' — '), ...billTexts(line, lang)].join('; ') },
          { header: t('quote.column.lumens'), kind: 'number', width: 10, value: (line) => line.lumensLed },
          { header: t('quote.column.watts'), kind: 'number', width: 9, value: (line) => line.watts },
          { header: t('quote.column.energyClass'), kind: 'text', width: 10, value: (line) => line.energyClass },
          { header: t('quote.column.quantity'), kind: 'integer', width: 8, key: 'quantity', value: (line) => line.quantity },
          { header: t('quote.column.unitPrice'), kind: 'money', width: 14, key: 'unit', value: (line) => line.unitPvp },
          { header: t('quote.column.discount'), kind: 'percent', width: 10, key: 'discount', value: (line) => line.discount },
          // Formulas (issue 34 §1): a distributor who edits a quantity or a discount in the sheet gets the
          // line and every total recomputed with the quote's own rounding (ROUND is half away from zero).
          { header: t('quote.column.net'), kind: 'money', width: 15, key: 'net', value: (line) => line.netPrice, formula: (at) => `ROUND(${at('quantity')}*${at('unit')}*(1-${at('discount')}),2)` },
          // The professional's own columns (issue 34 §1): their purchase price and the margin the line leaves.
          { header: t('quote.column.purchase'), kind: 'money', width: 16, key: 'purchase', value: (line) => line.purchaseUnitNet ?? null },
          {
            header: t('quote.column.margin'),
            kind: 'money',
            width: 15,
            value: (line) => line.margin ?? null,
            formula: (at) => `ROUND(${at('net')}-${at('quantity')}*${at('purchase')},2)`,
          },
          // The markup the line's unit price was made with (issue 34 §1), empty at the list price.
          { header: t('quote.column.markup'), kind: 'percent', width: 14, value: (line) => line.markup ?? null },
        ],
        rows: quote.products,
        summary: [
          { label: t('quote.totals.subTotal'), value: quote.subTotalNet, kind: 'money', key: 'sub', formula: (refs) => `SUM(${refs.range('net')})` },
          { label: t('quote.totals.discount', { percent: formatPercent(quote.discount, lang) }), value: -quote.discountValue, kind: 'money', key: 'discount', formula: (refs) => `-ROUND(${refs.value('sub')}*${quote.discount}/100,2)` },
          { label: t('quote.totals.surcharge', { percent: formatPercent(quote.surcharge, lang) }), value: quote.surchargeValue, kind: 'money', key: 'surcharge', formula: (refs) => `ROUND((${refs.value('sub')}+${refs.value('discount')})*${quote.surcharge}/100,2)` },
          { label: t('quote.totals.net'), value: summary.net, kind: 'money', key: 'beforeTax', formula: (refs) => `${refs.value('sub')}+${refs.value('discount')}+${refs.value('surcharge')}` },
          ...summary.taxes.map((tax, index) => ({
            label: t('quote.totals.iva', { percent: formatPercent(tax.rate, lang), base: formatCurrency(tax.base, quote.currency) }),
            value: tax.amount,
            kind: 'money' as const,
            key: `tax${index}`,
            formula: (refs: SummaryRefs) => `ROUND(${refs.value('beforeTax')}*${tax.rate}/100,2)`,
          })),
          { label: t('quote.totals.total'), value: quote.totalNet, kind: 'money', strong: true, formula: (refs) => [refs.value('beforeTax'), ...summary.taxes.map((_, index) => refs.value(`tax${index}`))].join('+') },
        ],
      },
    ],
  });
}
