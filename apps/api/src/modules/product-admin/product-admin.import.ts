import { type CatalogId, PRICE_SHEET_COLUMNS, PRICE_SHEET_MAX_BYTES, type PriceImportBody, type PriceImportResult } from '@lumen/contracts';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import { auditWho, recordAudits } from '../../lib/audit';
import { loadDraftView } from './product-admin.catalogue';
import * as repo from './product-admin.repository';
import { changeId, normaliseAmount } from './product-admin.state';

/** At most this many data rows in one sheet. */
export const PRICE_SHEET_MAX_ROWS = 5000;
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

type SheetRow = { row: number; reference: string; rate: string; price: string };

/** A cell as the text a reader sees: numbers as written (no float noise), formulas by their result, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(Math.round(value * 1e6) / 1e6) : '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('result' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
    if ('text' in value) return String(value.text).trim();
  }
  return '';
}

/** The data rows of the workbook's first sheet (row 1 holds the titles); 400 when the file is no spreadsheet. */
export async function readPriceSheet(content: Buffer): Promise<SheetRow[]> {
  const unreadable = () => new AppError('VALIDATION_FAILED', 'The file is not an .xlsx spreadsheet', [{ path: 'body.file', message: 'productAdmin.import.error.file' }]);
  if (content.length > PRICE_SHEET_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', `A price sheet may hold at most ${PRICE_SHEET_MAX_BYTES} bytes`, [{ path: 'body.file', message: 'productAdmin.import.error.size' }]);
  if (content.length < ZIP_MAGIC.length || !content.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) throw unreadable();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable();
  if (sheet.actualRowCount - 1 > PRICE_SHEET_MAX_ROWS) {
    throw new AppError('VALIDATION_FAILED', `A price sheet holds at most ${PRICE_SHEET_MAX_ROWS} rows`, [{ path: 'body.file', message: 'productAdmin.import.error.rows' }]);
  }
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const text = (column: string) => cellText(row.getCell(column).value);
    const entry = { row: number, reference: text(PRICE_SHEET_COLUMNS.reference).toUpperCase(), rate: text(PRICE_SHEET_COLUMNS.rate), price: text(PRICE_SHEET_COLUMNS.price).replace(',', '.') };
    if (entry.reference || entry.rate || entry.price) rows.push(entry);
  });
  return rows;
}

/**
 * Prices from a spreadsheet (issue 31 §2): every row is checked (a price reference of the catalogue, one
 * of its rates, a positive amount with 2 decimals at most, each reference and rate once) and each
 * wrong cell reported by row and column; the preview lists every change against the draft; applying
 * writes them all into the draft in one transaction, or nothing when any row is wrong or any price
 * moved meanwhile (409).
 */
export function createImportUseCases(ctx: AppContext) {
  const { db } = ctx;
  return {
    async importPrices(principal: Principal, catalogId: CatalogId, body: PriceImportBody): Promise<PriceImportResult> {
      const rows = await readPriceSheet(Buffer.from(body.file, 'base64'));
      const view = await loadDraftView(db, catalogId);
      const { index } = view;
      const errors: PriceImportResult['errors'] = [];
      const changes: Array<PriceImportResult['changes'][number] & { revision: number; published: string | null }> = [];
      const seen = new Map<string, number>();
      let unchanged = 0;
      for (const row of rows) {
        const problems: PriceImportResult['errors'] = [];
        const article = index.articleByReference.get(row.reference);
        if (!row.reference) problems.push({ row: row.row, column: PRICE_SHEET_COLUMNS.reference, code: 'empty', value: '' });
        else if (!article?.isBase) problems.push({ row: row.row, column: PRICE_SHEET_COLUMNS.reference, code: 'reference', value: row.reference });
        const rateId = /^\d{1,9}$/.test(row.rate) ? Number(row.rate) : NaN;
        if (!row.rate) problems.push({ row: row.row, column: PRICE_SHEET_COLUMNS.rate, code: 'empty', value: '' });
        else if (!index.rateIds.has(rateId)) problems.push({ row: row.row, column: PRICE_SHEET_COLUMNS.rate, code: 'rate', value: row.rate });
        if (!row.price) problems.push({ row: row.row, column: PRICE_SHEET_COLUMNS.price, code: 'empty', value: '' });
        else if (!AMOUNT.test(row.price) || Number(row.price) <= 0) problems.push({ row: row.row, column: PRICE_SHEET_COLUMNS.price, code: 'price', value: row.price });
        const key = `${row.reference}|${rateId}`;
        if (problems.length === 0 && seen.has(key)) problems.push({ row: row.row, column: PRICE_SHEET_COLUMNS.reference, code: 'duplicate', value: `${row.reference} · ${row.rate} (${seen.get(key)})` });
        if (problems.length > 0) {
          errors.push(...problems);
          continue;
        }
        seen.set(key, row.row);
        const after = normaliseAmount(row.price);
        const current = view.value('price', key) as { salePrice: string } | null | undefined;
        const before = current ? normaliseAmount(current.salePrice) : null;
        if (before === after) {
          unchanged += 1;
          continue;
        }
        const publishedPrice = index.prices.get(key);
        changes.push({
          row: row.row,
          key,
          reference: row.reference,
          rateId,
          before,
          after,
          revision: view.changes.get(changeId('price', key))?.revision ?? 0,
          published: publishedPrice === undefined ? null : normaliseAmount(publishedPrice),
        });
      }
      const wire = changes.map(({ revision: _revision, published: _published, ...change }) => change);
      const result = { rows: rows.length, changes: wire, unchanged, errors };
      if (!body.apply || errors.length > 0 || changes.length === 0) return { ...result, applied: false };

      await db.transaction(async (tx) => {
        const at = ctx.clock();
        for (const change of changes) {
          // Back to the published price: the entity leaves the draft, as a single save does.
          const ok =
            change.published === change.after
              ? await repo.deleteChange(tx, catalogId, 'price', change.key, change.revision)
              : await repo.writeChange(tx, { catalogId, kind: 'price', key: change.key, value: { salePrice: change.after }, expectedRevision: change.revision, updatedById: principal.userId, updatedBy: principal.name, at });
          if (!ok) {
            const current = await repo.findChange(tx, catalogId, 'price', change.key);
            throw new AppError('CONFLICT', `Row ${change.row}: the price changed meanwhile`, [
              { path: 'body.file', message: JSON.stringify({ kind: 'price', key: change.key, after: current?.value ?? null, revision: current?.revision ?? 0, updatedBy: current?.updatedBy ?? '', row: change.row }) },
            ]);
          }
        }
        const who = auditWho(principal);
        await recordAudits(
          tx,
          changes.map((change) => ({
            ...who,
            entity: 'catalogue_draft' as const,
            entityId: `${catalogId}:price:${change.key}`,
            action: 'import',
            before: change.before === null ? null : { salePrice: change.before },
            after: { salePrice: change.after },
          })),
        );
      });
      return { ...result, applied: true };
    },
  };
}
