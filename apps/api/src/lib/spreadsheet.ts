import ExcelJS from 'exceljs';
import { PALETTE } from '@lumen/ui/tokens';

/**
 * Spreadsheets the product makes (quotes now; orders and invoices later): numbers are written as
 * numbers, amounts with the currency's number format, percentages as fractions with a percent
 * format, so a reader can sum, sort and filter them. The header row is frozen and filterable.
 */
export type CellKind = 'text' | 'integer' | 'number' | 'money' | 'percent';

export interface SheetColumn<Row> {
  header: string;
  kind: CellKind;
  /** Width in characters. */
  width: number;
  value: (row: Row) => string | number | null;
}

export interface SheetSummaryRow {
  label: string;
  value: number | string;
  kind: CellKind;
  strong?: boolean;
}

export interface SheetSpec<Row> {
  name: string;
  /** Label–value lines above the table (document number, dates, client). */
  heading?: ReadonlyArray<{ label: string; value: string }>;
  columns: readonly SheetColumn<Row>[];
  rows: readonly Row[];
  /** Label–value lines under the table (totals), the value in the last column. */
  summary?: readonly SheetSummaryRow[];
}

/** Number formats of money per currency (symbol placement as each currency's readers expect). */
export function moneyFormat(currency: string): string {
  switch (currency.toUpperCase()) {
    case 'EUR':
      return '#,##0.00 [$€-x-euro2];-#,##0.00 [$€-x-euro2]';
    case 'USD':
      return '[$$-409]#,##0.00;-[$$-409]#,##0.00';
    default:
      return `#,##0.00 "${currency.toUpperCase()}"`;
  }
}

const FORMATS: Record<Exclude<CellKind, 'money' | 'text'>, string> = { integer: '#,##0', number: '#,##0.##', percent: '0.##%' };

const argb = (hex: string) => `FF${hex.replace('#', '').toUpperCase()}`;

function formatOf(kind: CellKind, currency: string): string | undefined {
  if (kind === 'text') return undefined;
  return kind === 'money' ? moneyFormat(currency) : FORMATS[kind];
}

/** Percent values are given as 0–100 and stored as fractions (21 → 0.21, shown 21%). */
function cellValue(kind: CellKind, value: string | number | null): string | number | null {
  if (value === null || typeof value === 'string') return value;
  return kind === 'percent' ? Number((value / 100).toPrecision(12)) : value;
}

/** One workbook with one sheet per spec, as an .xlsx file. */
export async function buildWorkbook<Row>(input: { creator: string; title: string; currency: string; sheets: ReadonlyArray<SheetSpec<Row>> }): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = input.creator;
  workbook.title = input.title;
  workbook.created = new Date(0);
  workbook.modified = new Date(0);
  for (const spec of input.sheets) addSheet(workbook, spec, input.currency);
  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer);
}

function addSheet<Row>(workbook: ExcelJS.Workbook, spec: SheetSpec<Row>, currency: string): void {
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(spec.name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
  sheet.columns = spec.columns.map((column) => ({ width: column.width }));
  for (const line of spec.heading ?? []) {
    const row = sheet.addRow([line.label, line.value]);
    row.getCell(1).font = { bold: true, color: { argb: argb(PALETTE['gray-1']) } };
  }
  if (spec.heading?.length) sheet.addRow([]);
  const headerRow = sheet.addRow(spec.columns.map((column) => column.header));
  headerRow.eachCell((cell) => {
    cell.font = { bold: true, color: { argb: argb(PALETTE['gray-1']) } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(PALETTE['primary-lima']) } };
    cell.alignment = { vertical: 'middle', wrapText: true };
  });
  const headerIndex = headerRow.number;
  sheet.views = [{ state: 'frozen', ySplit: headerIndex }];
  if (spec.columns.length > 0) sheet.autoFilter = { from: { row: headerIndex, column: 1 }, to: { row: headerIndex, column: spec.columns.length } };
  for (const item of spec.rows) {
    const row = sheet.addRow(spec.columns.map((column) => cellValue(column.kind, column.value(item))));
    spec.columns.forEach((column, index) => {
      const format = formatOf(column.kind, currency);
      if (format) row.getCell(index + 1).numFmt = format;
    });
  }
  if (spec.summary?.length) sheet.addRow([]);
  const last = Math.max(spec.columns.length, 2);
  for (const line of spec.summary ?? []) {
    const values: Array<string | number | null> = new Array<string | number | null>(last).fill(null);
    values[last - 2] = line.label;
    values[last - 1] = cellValue(line.kind, line.value);
    const row = sheet.addRow(values);
    const format = formatOf(line.kind, currency);
    if (format) row.getCell(last).numFmt = format;
    if (line.strong) {
      row.getCell(last - 1).font = { bold: true };
      row.getCell(last).font = { bold: true };
    }
  }
}
