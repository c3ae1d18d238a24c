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
  /** A name other columns' formulas and the summary refer to this column by. */
  key?: string;
  /**
   * A formula for this column's cells (without '='), so the reader's edits recompute it; `at(key)` is
   * the address of another column's cell in the same row. `value` is kept as the cached result.
   */
  formula?: (at: (key: string) => string) => string;
}

/** What a summary formula may refer to: the sum range of a column, an earlier summary row's value cell. */
export interface SummaryRefs {
  /** `I12:I40`: the data cells of a column. */
  range: (columnKey: string) => string;
  /** The value cell of an earlier summary row. */
  value: (summaryKey: string) => string;
}

export interface SheetSummaryRow {
  label: string;
  value: number | string;
  kind: CellKind;
  strong?: boolean;
  key?: string;
  /** A formula for the value (without '='); `value` is its cached result. */
  formula?: (refs: SummaryRefs) => string;
}

export interface SheetSpec<Row> {
  name: string;
  /** Label–value lines above the table (document number, dates, client); a date is written as a date (`date` format). */
  heading?: ReadonlyArray<{ label: string; value: string | Date }>;
  /** The number format of heading dates (`dd/mm/yyyy`, `mm/dd/yyyy`); ISO by default. */
  dateFormat?: string;
  /** The column (by key) whose cells the summary values sit under, the label left of it; the last column by default. */
  summaryColumn?: string;
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
    if (line.value instanceof Date) {
      row.getCell(2).numFmt = spec.dateFormat ?? 'yyyy-mm-dd';
      row.getCell(2).alignment = { horizontal: 'left' };
    }
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
  const letterOf = (key: string): string => {
    const index = spec.columns.findIndex((column) => column.key === key);
    if (index < 0) throw new Error(`No column ${key}`);
    return sheet.getColumn(index + 1).letter;
  };
  const firstDataRow = headerIndex + 1;
  for (const item of spec.rows) {
    const row = sheet.addRow(spec.columns.map((column) => cellValue(column.kind, column.value(item))));
    spec.columns.forEach((column, index) => {
      const format = formatOf(column.kind, currency);
      const cell = row.getCell(index + 1);
      if (column.formula) {
        const result = cellValue(column.kind, column.value(item));
        cell.value = { formula: column.formula((key) => `${letterOf(key)}${row.number}`), ...(typeof result === 'number' ? { result } : {}) };
      }
      if (format) cell.numFmt = format;
    });
  }
  const lastDataRow = firstDataRow + spec.rows.length - 1;
  if (spec.summary?.length) sheet.addRow([]);
  const summaryIndex = spec.summaryColumn ? spec.columns.findIndex((column) => column.key === spec.summaryColumn) + 1 : 0;
  const last = summaryIndex >= 2 ? summaryIndex : Math.max(spec.columns.length, 2);
  const summaryCells = new Map<string, string>();
  const refs: SummaryRefs = {
    range: (key) => `${letterOf(key)}${firstDataRow}:${letterOf(key)}${Math.max(lastDataRow, firstDataRow)}`,
    value: (key) => {
      const address = summaryCells.get(key);
      if (!address) throw new Error(`No summary row ${key} before this one`);
      return address;
    },
  };
  for (const line of spec.summary ?? []) {
    const values: Array<string | number | null> = new Array<string | number | null>(last).fill(null);
    values[last - 2] = line.label;
    values[last - 1] = cellValue(line.kind, line.value);
    const row = sheet.addRow(values);
    const valueCell = row.getCell(last);
    if (line.formula) {
      const result = cellValue(line.kind, line.value);
      valueCell.value = { formula: line.formula(refs), ...(typeof result === 'number' ? { result } : {}) };
    }
    if (line.key) summaryCells.set(line.key, valueCell.address);
    const format = formatOf(line.kind, currency);
    if (format) row.getCell(last).numFmt = format;
    if (line.strong) {
      row.getCell(last - 1).font = { bold: true };
      row.getCell(last).font = { bold: true };
    }
  }
}
