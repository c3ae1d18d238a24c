import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfText, qpdfCheck } from '../../../test/document-readers';
import { createBrandedPdf, drawNote, drawTable, drawTotals } from './index';

const LINES = ['Suspension « Élégance » — Größe Œuvre façade', 'Светильник подвесной', 'Φωτιστικό οροφής', 'Lámpara de pie · año'];

async function sample(rows: number) {
  const pdf = createBrandedPdf({
    title: 'Devis Q-2026-000001',
    subtitle: 'Projet Hôtel Ñandú',
    issuer: 'Luminotecnia Norte S.L.',
    issuerLines: ['ana@demo.example'],
    footerNote: 'Q-2026-000001',
    pageLabel: (page, pages) => `Page ${page} sur ${pages}`,
    info: { title: 'Devis', author: 'Lumen Pro', lang: 'fr' },
  });
  const data = Array.from({ length: rows }, (_, index) => ({ reference: `REF-${String(index + 1).padStart(4, '0')}`, text: LINES[index % LINES.length] ?? '' }));
  drawTable(
    pdf,
    [
      { header: 'Référence', width: 2, text: (row) => row.reference },
      { header: 'Désignation', width: 6, text: (row) => [row.text, 'Blanc · 3000 K'] },
    ],
    data,
  );
  drawTotals(pdf, [
    { label: 'Sous-total', value: '1.234,56 €' },
    { label: 'Total', value: '1.493,82 €', strong: true },
  ]);
  drawNote(pdf, 'Commentaire', 'Livraison à l’entrepôt de Zürich. '.repeat(300));
  return pdf.finish();
}

describe('the shared PDF look', () => {
  it('is a valid PDF whose text can be extracted, accents, Cyrillic and Greek included', async () => {
    const file = await sample(12);
    expect(qpdfCheck(file).pages).toBeGreaterThanOrEqual(1);
    const text = pdfText(file);
    for (const line of LINES) expect(text).toContain(line);
    expect(text).toContain('Devis Q-2026-000001');
    expect(text).toContain('1.493,82 €');
  });

  it('embeds its fonts', async () => {
    const fonts = pdfFonts(await sample(3));
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((font) => font.embedded)).toBe(true);
    expect(fonts.some((font) => font.name.includes('DejaVuSans'))).toBe(true);
  });

  it('breaks a long table across pages, repeats its header and numbers the pages "X of Y"', async () => {
    const file = await sample(150);
    const { pages } = qpdfCheck(file);
    expect(pages).toBeGreaterThan(3);
    const text = pdfText(file);
    const perPage = text.split('\f').filter((page) => page.trim());
    expect(perPage).toHaveLength(pages);
    perPage.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} sur ${pages}`);
      expect(page).toContain('Luminotecnia Norte S.L.');
    });
    // Every page that continues the table starts with its header again.
    const withRows = perPage.filter((page) => /REF-\d{4}/.test(page));
    expect(withRows.length).toBeGreaterThan(2);
    for (const page of withRows) expect(page).toContain('Désignation');
    for (let index = 1; index <= 150; index += 1) expect(text).toContain(`REF-${String(index).padStart(4, '0')}`);
  });

  it('keeps a long title and a long issuer each on its own line of the header, clear of each other and of the lines under them (issue 34 §2)', async () => {
    const pdf = createBrandedPdf({
      title: 'Preventivo definitivo QUS-2026-000045-12',
      subtitle: 'Emesso il 4 maggio 2026',
      issuer: 'Lumen Lighting USA Incorporated Distribution',
      issuerLines: ['Diego Norte', 'distributor@demo.example'],
      pageLabel: (page, pages) => `${page}/${pages}`,
      info: { title: 'Preventivo', author: 'Lumen Pro', lang: 'it' },
      paper: 'LETTER',
    });
    const lines = pdfText(await pdf.finish())
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    // Title and issuer share the first line, whole; under them the issuer's lines and the subtitle, each whole and alone.
    expect(lines[0]).toMatch(/^Preventivo definitivo QUS-2026-000045-12\s+Lumen Lighting USA Incorporated Distribution$/);
    expect(lines[1]).toBe('Diego Norte');
    expect(lines[2]).toMatch(/^Emesso il 4 maggio 2026\s+distributor@demo\.example$/);
  });

  it('cuts a title too long for its half with an ellipsis rather than running into the issuer', async () => {
    const pdf = createBrandedPdf({ title: `Devis ${'très long '.repeat(20)}`, issuer: 'Luminotecnia Norte S.L.', pageLabel: () => '', info: { title: 'Devis', author: 'Lumen Pro', lang: 'fr' } });
    const first = pdfText(await pdf.finish()).split('\n').map((line) => line.trim()).filter(Boolean)[0] ?? '';
    expect(first).toMatch(/^Devis très long .*…\s+Luminotecnia Norte S\.L\.$/);
  });
});
