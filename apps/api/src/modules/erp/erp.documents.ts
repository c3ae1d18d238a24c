import type { Invoice, Lang } from '@lumen/contracts';
import { formatCurrency, formatLocaleDate, formatLocaleNumber, formatPercent, lineAttributeTexts, taxSummaryOfLines } from '@lumen/domain';
import { translationsFor } from '@lumen/i18n';
import { fillTemplate } from '../../lib/mail-text';
import { createBrandedPdf, drawTable, drawTotals, PDF_COLORS, PDF_SIZES } from '../../lib/pdf';
import type { InvoiceLineRecord } from './erp.builtin';
import type { InvoiceParty } from './erp.port';

function textsOf(lang: Lang) {
  const t = translationsFor('common-front', lang);
  return (key: string, values: Readonly<Record<string, string | number>> = {}) => fillTemplate(t[key] ?? key, values);
}

/** Everything an invoice prints (issue 34 §5), frozen when it was issued. */
export interface InvoiceDocument {
  invoice: Invoice;
  clientCode: string;
  /** The catalogue of the order's references: lengths in its units. */
  catalogId: number;
  seller: InvoiceParty;
  /** Null when the buyer's company was unknown to the order (printed as the client code only). */
  buyer: InvoiceParty | null;
  /** The date the goods were supplied (the order finished). */
  supplyDate: string;
  paymentTermsDays: number;
  lines: readonly InvoiceLineRecord[];
  /** Each line's picture (PNG) by `thumbnailKey(model, finish)`: printed beside its reference; absent: no picture column. */
  thumbnails?: ReadonlyMap<string, Buffer>;
}

/** The key of a line's picture: its model and finish. */
export const thumbnailKey = (model: string, finish: string | undefined): string => `${model}|${finish ?? ''}`;

const partyLines = (party: InvoiceParty, vatLabel: string): string[] => [party.name, ...party.address, ...(party.vatId ? [`${vatLabel} ${party.vatId}`] : [])];

/**
 * The invoice's PDF in `lang` (the buyer's language: the order's), with the content the EU VAT
 * directive asks of an invoice (2006/112/EC art. 226; issue 34 §5): date of issue and sequential
 * number; seller's and buyer's full names, addresses and VAT identification numbers; each line's
 * quantity, reference and description with its configuration; the date of supply; per line the unit
 * price net, the rate and the amount; per rate the taxable amount and the tax; the total; payment
 * terms and due date. Lines add up to the printed figures. "Page X of Y" on every page.
 */
export async function invoicePdf(document: InvoiceDocument, lang: Lang): Promise<Buffer> {
  const { invoice, seller, buyer } = document;
  const t = textsOf(lang);
  const date = (value: string) => formatLocaleDate(value, lang, { dateStyle: 'long' });
  const money = (amount: number | null | undefined) => (amount === null || amount === undefined ? '—' : formatCurrency(amount, invoice.currency));
  const title = t('invoice.document.title', { number: invoice.number });
  const vatLabel = t('invoice.document.vatId');
  const pdf = createBrandedPdf({
    title,
    subtitle: t('invoice.document.issued', { date: date(invoice.issueDate) }),
    issuer: seller.name,
    issuerLines: [seller.vatId ? `${vatLabel} ${seller.vatId}` : '', seller.email ?? ''].filter(Boolean),
    footerNote: `${invoice.number} · ${seller.name} · ${[...seller.address].join(', ')}`,
    pageLabel: (page, pages) => t('document.page', { page, pages }),
    info: { title, author: seller.name, subject: invoice.projectName, lang: lang === 'us' ? 'en-US' : lang },
    paper: document.catalogId === 21 ? 'LETTER' : 'A4',
  });
  const { doc } = pdf;

  // The parties: seller and buyer side by side, each with name, address and VAT number.
  const columnWidth = pdf.width / 2;
  const partiesTop = doc.y;
  const drawParty = (label: string, lines: readonly string[], column: number) => {
    const x = pdf.left + column * columnWidth;
    pdf.use('regular', PDF_SIZES.small, PDF_COLORS.muted).text(label, x, partiesTop, { width: columnWidth - 12, lineBreak: false });
    lines.forEach((line, index) => {
      pdf.use(index === 0 ? 'bold' : 'regular', PDF_SIZES.body).text(line, x, partiesTop + 10 + index * 12, { width: columnWidth - 12, lineBreak: false, ellipsis: true });
    });
    return partiesTop + 10 + lines.length * 12;
  };
  const buyerLines = buyer ? partyLines(buyer, vatLabel) : [t('invoice.document.clientCodeValue', { code: document.clientCode })];
  const partiesBottom = Math.max(drawParty(t('invoice.document.seller'), partyLines(seller, vatLabel), 0), drawParty(t('invoice.document.buyer'), buyerLines, 1));

  const facts: Array<[string, string]> = [
    [t('invoice.document.number'), invoice.number],
    [t('invoice.document.issueDate'), date(invoice.issueDate)],
    [t('invoice.document.supplyDate'), date(document.supplyDate)],
    [t('invoice.document.dueDate'), date(invoice.dueDate)],
    [t('invoice.document.order'), [String(invoice.orderId), invoice.internalOrderNumber ? t('invoice.document.internalNumber', { number: invoice.internalOrderNumber }) : ''].filter(Boolean).join(' · ')],
    [t('invoice.document.clientCode'), document.clientCode],
  ];
  const factsTop = partiesBottom + 12;
  facts.forEach(([label, value], index) => {
    const x = pdf.left + (index % 3) * (pdf.width / 3);
    const y = factsTop + Math.floor(index / 3) * 24;
    pdf.use('regular', PDF_SIZES.small, PDF_COLORS.muted).text(label, x, y, { width: pdf.width / 3 - 12, lineBreak: false });
    pdf.use('bold', PDF_SIZES.body).text(value, x, y + 9, { width: pdf.width / 3 - 12, lineBreak: false, ellipsis: true });
  });
  doc.x = pdf.left;
  doc.y = factsTop + Math.ceil(facts.length / 3) * 24 + 4;
  pdf.use('regular', PDF_SIZES.small, PDF_COLORS.muted).text(invoice.projectName, pdf.left, doc.y, { width: pdf.width });
  doc.x = pdf.left;
  doc.y += 6;

  const lines: InvoiceLineRecord[] =
    document.lines.length > 0
      ? [...document.lines]
      : [{ referenceCode: null, model: '', description: t('invoice.document.line', { order: invoice.orderId }), attributes: {}, quantity: 1, unitNet: invoice.net, totalNet: invoice.net, vatPercent: invoice.vatPercent }];
  const thumbnails = document.thumbnails ?? new Map<string, Buffer>();
  const pictureOf = (line: InvoiceLineRecord) => thumbnails.get(thumbnailKey(line.model, line.attributes.finish?.code)) ?? null;
  drawTable(
    pdf,
    [
      ...(thumbnails.size > 0 ? [{ header: '', width: 0.9, text: () => '', image: pictureOf }] : []),
      { header: t('invoice.column.reference'), width: 2, text: (line: InvoiceLineRecord) => line.referenceCode ?? line.model },
      { header: t('invoice.column.description'), width: 4, text: (line) => [line.description, lineAttributeTexts(line.attributes, document.catalogId, lang).join(' · ')].filter(Boolean) },
      { header: t('invoice.column.quantity'), width: 0.8, align: 'right', text: (line) => formatLocaleNumber(line.quantity, lang) },
      { header: t('invoice.column.unitPrice'), width: 1.6, align: 'right', text: (line) => money(line.unitNet) },
      { header: t('invoice.column.rate'), width: 1, align: 'right', text: (line) => formatPercent(line.vatPercent, lang) },
      { header: t('invoice.column.amount'), width: 1.7, align: 'right', text: (line) => money(line.totalNet) },
    ],
    lines,
  );

  // Per rate: the taxable amount and the tax, from the printed line amounts (history without line
  // amounts: the invoice's own figures).
  const priced = lines.every((line) => line.totalNet !== null);
  const taxes = priced ? taxSummaryOfLines(lines.map((line) => ({ net: line.totalNet ?? 0, rate: line.vatPercent }))).taxes : [{ rate: invoice.vatPercent, base: invoice.net, amount: invoice.vat }];
  drawTotals(pdf, [
    { label: t('invoice.totals.net'), value: money(invoice.net) },
    ...taxes.map((tax) => ({ label: t('invoice.totals.vat', { percent: formatPercent(tax.rate, lang), base: money(tax.base) }), value: money(tax.amount) })),
    { label: t('invoice.totals.total'), value: money(invoice.total), strong: true },
  ]);
  pdf.ensureSpace(40);
  pdf
    .use('regular', PDF_SIZES.body, PDF_COLORS.muted)
    .text(t('invoice.document.paymentTerms', { days: document.paymentTermsDays, date: date(invoice.dueDate), currency: invoice.currency }), pdf.left, doc.y + 8, { width: pdf.width });
  return pdf.finish();
}
