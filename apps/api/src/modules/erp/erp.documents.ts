import type { Invoice, Lang } from '@lumen/contracts';
import { formatCurrency, formatLocaleDate, formatLocaleNumber, formatPercent } from '@lumen/domain';
import { translationsFor } from '@lumen/i18n';
import { fillTemplate } from '../../lib/mail-text';
import { createBrandedPdf, drawTable, drawTotals, PDF_COLORS, PDF_SIZES } from '../../lib/pdf';
import type { InvoiceLine } from './erp.repository';

/** The brand that issues invoices (the manufacturer). */
export const INVOICE_ISSUER = { name: 'Lumen Lighting S.L.', lines: ['VAT ES-B00000000', 'billing@lumen.example'] };

function textsOf(lang: Lang) {
  const t = translationsFor('common-front', lang);
  return (key: string, values: Readonly<Record<string, string | number>> = {}) => fillTemplate(t[key] ?? key, values);
}

/**
 * The invoice's PDF in `lang` (the look of lib/pdf, the quotes' standards: the language's date and
 * number formats, currency as spec §9, embedded fonts): number, dates, client code, the order it
 * bills, net, VAT, total and status; "Page X of Y" on every page.
 */
export async function invoicePdf(invoice: Invoice, party: { clientCode: string; lines?: readonly InvoiceLine[] }, lang: Lang): Promise<Buffer> {
  const t = textsOf(lang);
  const date = (value: string) => formatLocaleDate(value, lang, { dateStyle: 'long' });
  const title = t('invoice.document.title', { number: invoice.number });
  const pdf = createBrandedPdf({
    title,
    subtitle: t('invoice.document.issued', { date: date(invoice.issueDate) }),
    issuer: INVOICE_ISSUER.name,
    issuerLines: INVOICE_ISSUER.lines,
    footerNote: `${invoice.number} · ${party.clientCode}`,
    pageLabel: (page, pages) => t('document.page', { page, pages }),
    info: { title, author: INVOICE_ISSUER.name, subject: invoice.projectName, lang: lang === 'us' ? 'en-US' : lang },
  });
  const { doc } = pdf;
  const facts: Array<[string, string]> = [
    [t('invoice.document.number'), invoice.number],
    [t('invoice.document.clientCode'), party.clientCode],
    [t('invoice.document.issueDate'), date(invoice.issueDate)],
    [t('invoice.document.dueDate'), date(invoice.dueDate)],
    [t('invoice.document.order'), `${invoice.orderId}`],
    [t('invoice.document.status'), t(`invoice.status.${invoice.status}`)],
  ];
  const columnWidth = pdf.width / 2;
  const top = doc.y;
  facts.forEach(([label, value], index) => {
    const x = pdf.left + (index % 2) * columnWidth;
    const y = top + Math.floor(index / 2) * 24;
    pdf.use('regular', PDF_SIZES.small, PDF_COLORS.muted).text(label, x, y, { width: columnWidth - 12, lineBreak: false });
    pdf.use('bold', PDF_SIZES.body).text(value, x, y + 9, { width: columnWidth - 12, lineBreak: false, ellipsis: true });
  });
  doc.x = pdf.left;
  doc.y = top + Math.ceil(facts.length / 2) * 24 + 10;
  pdf.use('bold', PDF_SIZES.body).text(t('invoice.document.line', { order: invoice.orderId }), pdf.left, doc.y, { width: pdf.width });
  const reference = [invoice.projectName, invoice.internalOrderNumber ? t('invoice.document.internalNumber', { number: invoice.internalOrderNumber }) : ''].filter(Boolean).join(' · ');
  pdf.use('regular', PDF_SIZES.small, PDF_COLORS.muted).text(reference, pdf.left, doc.y + 2, { width: pdf.width });
  doc.x = pdf.left;
  doc.y += 8;
  const lines = party.lines ?? [];
  const money = (amount: number | null | undefined) => (amount === null || amount === undefined ? '—' : formatCurrency(amount, invoice.currency));
  drawTable(
    pdf,
    [
      { header: t('invoice.column.reference'), width: 2.2, text: (line: InvoiceLine) => line.referenceCode ?? line.model },
      { header: t('invoice.column.description'), width: 3.6, text: (line) => line.description ?? line.model },
      { header: t('invoice.column.quantity'), width: 1, align: 'right', text: (line) => formatLocaleNumber(line.quantity, lang) },
      { header: t('invoice.column.unitPrice'), width: 1.6, align: 'right', text: (line) => money(line.unitNet) },
      { header: t('invoice.column.amount'), width: 1.8, align: 'right', text: (line) => money(line.totalNet) },
    ],
    lines.length > 0 ? lines : [{ referenceCode: null, model: t('invoice.document.line', { order: invoice.orderId }), quantity: 1, unitNet: invoice.net, totalNet: invoice.net }],
  );
  drawTotals(pdf, [
    { label: t('invoice.totals.net'), value: formatCurrency(invoice.net, invoice.currency) },
    { label: t('invoice.totals.vat', { percent: formatPercent(invoice.vatPercent, lang), base: formatCurrency(invoice.net, invoice.currency) }), value: formatCurrency(invoice.vat, invoice.currency) },
    { label: t('invoice.totals.total'), value: formatCurrency(invoice.total, invoice.currency), strong: true },
  ]);
  pdf.ensureSpace(30);
  pdf.use('regular', PDF_SIZES.body, PDF_COLORS.muted).text(t('invoice.document.terms', { date: date(invoice.dueDate), currency: invoice.currency }), pdf.left, doc.y + 8, { width: pdf.width });
  return pdf.finish();
}
