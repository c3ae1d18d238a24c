import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { CatalogId, Lang } from '@lumen/contracts';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../errors';
import { type MadeFile, type MakerDeps, makeDocuments } from '../documents/makers';

const run = promisify(execFile);

export interface SheetSubject {
  catalogId: CatalogId;
  lang: Lang;
  model?: string | undefined;
  reference?: string | undefined;
}

/**
 * /productsheet (issue 32 §6): the spec sheet maker's own PDF (documents/makers, type specSheet:
 * `model` for a model, `reference` for a configured reference), so the preview and the file are the
 * one document the platform delivers. The preview is the PDF's pages drawn as PNG by poppler's
 * pdftoppm (the runtime needs poppler-utils; without it the preview answers 503 and the web embeds the
 * PDF instead). Made sheets are kept in memory for a few minutes (a preview asks for each page).
 */
export function createProductSheets(deps: MakerDeps & { make?: typeof makeDocuments }) {
  const make = deps.make ?? makeDocuments;
  const sheets = new LRUCache<string, Promise<MadeFile>>({ max: 24, ttl: 5 * 60 * 1000 });
  const pages = new LRUCache<string, Buffer>({ max: 48, ttl: 5 * 60 * 1000 });

  const keyOf = (subject: SheetSubject) => `${subject.catalogId}|${subject.lang}|${subject.model ?? ''}|${subject.reference ?? ''}`;

  async function sheet(subject: SheetSubject): Promise<MadeFile> {
    const key = keyOf(subject);
    let made = sheets.get(key);
    if (!made) {
      const product = subject.reference ? { reference: subject.reference } : { model: subject.model ?? '' };
      made = make({ type: 'specSheet', subType: subject.reference ? 'reference' : 'model' }, { catalogId: subject.catalogId, language: subject.lang, product }, deps).then((files) => {
        const pdf = files.find((file) => file.contentType === 'application/pdf');
        if (!pdf) throw new AppError('NOT_FOUND', 'The spec sheet maker made no PDF');
        return pdf;
      });
      sheets.set(key, made);
      made.catch(() => sheets.delete(key));
    }
    return made;
  }

  return {
    sheet,

    async preview(subject: SheetSubject): Promise<{ fileName: string; pages: number }> {
      const pdf = await sheet(subject);
      return { fileName: pdf.fileName, pages: pageCount(pdf.body) };
    },

    /** One page of the sheet as a PNG, 1 000 px wide or so (110 dpi on A4). */
    async page(subject: SheetSubject, page: number): Promise<Buffer> {
      const key = `${keyOf(subject)}|${page}`;
      const kept = pages.get(key);
      if (kept) return kept;
      const pdf = await sheet(subject);
      const count = pageCount(pdf.body);
      if (page > count) throw new AppError('NOT_FOUND', `The sheet has ${count} pages`);
      const png = await renderPage(pdf.body, page);
      pages.set(key, png);
      return png;
    },
  };
}

export type ProductSheets = ReturnType<typeof createProductSheets>;

/** The page count of a PDF the makers wrote (pdfkit writes one `/Type /Pages` tree with `/Count n`). */
export function pageCount(pdf: Buffer): number {
  const matches = [...pdf.toString('latin1').matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/g)];
  const counts = matches.map((match) => Number(match[1]));
  const fromTree = counts.length > 0 ? Math.max(...counts) : 0;
  if (fromTree > 0) return fromTree;
  return Math.max(1, (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length);
}

async function renderPage(pdf: Buffer, page: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'lumen-sheet-'));
  try {
    const input = join(dir, 'sheet.pdf');
    await writeFile(input, pdf);
    await run('pdftoppm', ['-png', '-r', '110', '-f', String(page), '-l', String(page), '-singlefile', input, join(dir, 'page')], { timeout: 20_000 });
    return await readFile(join(dir, 'page.png'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !(error as { path?: string }).path?.endsWith('.png')) {
      throw new AppError('UNAVAILABLE', 'The page renderer (pdftoppm) is not installed');
    }
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
