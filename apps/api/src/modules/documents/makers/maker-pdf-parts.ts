/**
 * Pieces the document PDFs share: texts in the document's language, the frame, label/value panels,
 * the polar light-distribution diagram drawn from the photometry, and a 2D drawing drawn to scale.
 */
import { type CandelaDistribution, type Lang, formatLocaleDate, formatLocaleNumber, polarCurve } from '@lumen/domain';
import { translationsFor } from '@lumen/i18n';
import { fillTemplate } from '../../../lib/mail-text';
import { type BrandedPdf, createBrandedPdf, PDF_COLORS, PDF_SIZES } from '../../../lib/pdf';
import { dimensionLines, type Drawing, type Layer } from './maker-drawing';

export type Texts = (key: string, values?: Readonly<Record<string, string | number>>) => string;

export function textsOf(lang: Lang): Texts {
  const t = translationsFor('common-front', lang);
  return (key, values = {}) => fillTemplate(t[key] ?? key, values);
}

export const SUPPLIER = 'Lumen Pro';

/** A document's branded PDF; `paper` LETTER for the United States catalogue (issue 28 §5). */
export function documentPdf(lang: Lang, title: string, subtitle: string, footer: string, made: Date, paper: 'A4' | 'LETTER' = 'A4'): BrandedPdf {
  const t = textsOf(lang);
  return createBrandedPdf({
    title,
    subtitle,
    issuer: SUPPLIER,
    issuerLines: [t('docs.madeOn', { date: formatLocaleDate(made, lang, { dateStyle: 'long' }) })],
    footerNote: footer,
    pageLabel: (page, pages) => t('document.page', { page, pages }),
    info: { title: `${title} · ${subtitle}`, author: SUPPLIER, subject: footer, lang: lang === 'us' ? 'en-US' : lang },
    paper,
  });
}

export function number(value: number, lang: Lang, digits = 1): string {
  return formatLocaleNumber(value, lang, { maximumFractionDigits: digits });
}

/** A section heading with a rule under it. */
export function heading(pdf: BrandedPdf, text: string): void {
  pdf.ensureSpace(40);
  const { doc } = pdf;
  doc.moveDown(0.6);
  pdf.use('bold', PDF_SIZES.heading).text(text, pdf.left, doc.y, { width: pdf.width });
  doc
    .moveTo(pdf.left, doc.y + 2)
    .lineTo(pdf.left + pdf.width, doc.y + 2)
    .lineWidth(0.5)
    .strokeColor(PDF_COLORS.rule)
    .stroke();
  doc.y += 6;
}

/** Label / value rows in a box of the given width at x (two columns of text). */
export function facts(pdf: BrandedPdf, rows: ReadonlyArray<readonly [string, string]>, x = pdf.left, width = pdf.width): void {
  const { doc } = pdf;
  for (const [label, value] of rows) {
    pdf.ensureSpace(14);
    const y = doc.y;
    pdf.use('regular', PDF_SIZES.body, PDF_COLORS.muted).text(label, x, y, { width: width * 0.42 });
    const afterLabel = doc.y;
    pdf.use('regular', PDF_SIZES.body).text(value, x + width * 0.44, y, { width: width * 0.56 });
    doc.y = Math.max(afterLabel, doc.y) + 2;
  }
}

/**
 * The polar diagram (cd/klm) of the C0–C180 (solid) and C90–C270 (dashed) planes, nadir down, in a
 * square of `size` points at (x, y): rings at round intensities, radial lines every 30°.
 */
export function drawPolarDiagram(pdf: BrandedPdf, distribution: CandelaDistribution, x: number, y: number, size: number, lang: Lang): void {
  const { doc } = pdf;
  const c0 = polarCurve(distribution, 'C0-C180');
  const c90 = polarCurve(distribution, 'C90-C270');
  const peak = Math.max(...c0.map((p) => p.cdPerKlm), ...c90.map((p) => p.cdPerKlm));
  const step = niceStep(peak / 4);
  const rings = Math.max(1, Math.ceil(peak / step));
  const max = rings * step;
  const cx = x + size / 2;
  const cy = y + size / 2;
  const radius = size / 2 - 12;
  doc.save();
  doc.lineWidth(0.3).strokeColor(PDF_COLORS.rule);
  for (let i = 1; i <= rings; i++) doc.circle(cx, cy, (radius * i) / rings).stroke();
  for (let angle = 0; angle < 360; angle += 30) {
    const a = (angle * Math.PI) / 180;
    doc
      .moveTo(cx, cy)
      .lineTo(cx + Math.sin(a) * radius, cy + Math.cos(a) * radius)
      .stroke();
  }
  pdf.use('regular', PDF_SIZES.small - 1, PDF_COLORS.muted);
  // Ring values along the 165° radius (up and left of the zenith label), each just inside its ring.
  const labelAngle = (-165 * Math.PI) / 180;
  for (let i = 1; i <= rings; i++) {
    const r = (radius * i) / rings;
    doc.text(number(step * i, lang, 0), cx + Math.sin(labelAngle) * r - 14, cy + Math.cos(labelAngle) * r - 3, { width: 14, align: 'right', lineBreak: false });
  }
  for (const angle of [0, 30, 60, 90, 120, 150, 180]) {
    const a = (angle * Math.PI) / 180;
    const label = `${angle}°`;
    doc.text(label, cx + Math.sin(a) * (radius + 7) - 6, cy + Math.cos(a) * (radius + 7) - 3, { lineBreak: false });
  }
  const path = (curve: ReturnType<typeof polarCurve>) =>
    curve.map((p) => {
      const a = (p.angle * Math.PI) / 180;
      const r = (p.cdPerKlm / max) * radius;
      // γ measured from the nadir (down on the page), negative angles to the left.
      return [cx + Math.sin(a) * r, cy + Math.cos(a) * r] as const;
    });
  const stroke = (points: ReadonlyArray<readonly [number, number]>, dash: boolean, colour: string) => {
    const [first, ...rest] = points;
    if (!first) return;
    doc.moveTo(first[0], first[1]);
    for (const p of rest) doc.lineTo(p[0], p[1]);
    doc.lineWidth(1.1).strokeColor(colour);
    if (dash) doc.dash(3, { space: 2 });
    doc.stroke();
    doc.undash();
  };
  stroke(path(c0), false, '#c0392b');
  stroke(path(c90), true, '#2c5aa0');
  doc.restore();
}

function niceStep(raw: number): number {
  const power = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1e-6))));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

const PDF_STROKES: Record<Layer, string> = { OUTLINE: '#1d1d1f', LIGHT: '#d9a400', MOUNTING: '#8a8a8e', DIMENSIONS: '#c0392b', TEXT: '#1d1d1f' };

/** A 2D drawing scaled into a box (x, y, width, height in points). */
export function drawDrawing(pdf: BrandedPdf, drawing: Drawing, x: number, y: number, width: number, height: number): void {
  const { doc } = pdf;
  const [x0, y0] = drawing.min;
  const [x1, y1] = drawing.max;
  const scale = Math.min(width / (x1 - x0), height / (y1 - y0));
  const offsetX = x + (width - (x1 - x0) * scale) / 2;
  const offsetY = y + (height - (y1 - y0) * scale) / 2;
  const X = (value: number) => offsetX + (value - x0) * scale;
  const Y = (value: number) => offsetY + (y1 - value) * scale;
  const textHeight = Math.max(8, Math.min(30, Math.max(x1 - x0, y1 - y0) / 60));
  const fontSize = Math.max(5.5, Math.min(8, textHeight * scale));
  doc.save();
  const line = (layer: Layer, a: readonly [number, number], b: readonly [number, number]) => {
    doc.moveTo(X(a[0]), Y(a[1])).lineTo(X(b[0]), Y(b[1])).lineWidth(layer === 'DIMENSIONS' ? 0.4 : 0.7).strokeColor(PDF_STROKES[layer]);
    if (layer === 'MOUNTING') doc.dash(3, { space: 2 });
    doc.stroke();
    doc.undash();
  };
  const label = (layer: Layer, at: readonly [number, number], text: string, rotation = 0) => {
    pdf.use('regular', fontSize, PDF_STROKES[layer]);
    const w = doc.widthOfString(text);
    doc.save();
    doc.rotate(-rotation, { origin: [X(at[0]), Y(at[1])] });
    doc.text(text, X(at[0]) - w / 2, Y(at[1]) - fontSize, { lineBreak: false });
    doc.restore();
  };
  for (const op of drawing.ops) {
    if (op.op === 'line') line(op.layer, op.from, op.to);
    else if (op.op === 'rect') {
      doc.rect(X(op.x), Y(op.y + op.height), op.width * scale, op.height * scale).lineWidth(0.7).strokeColor(PDF_STROKES[op.layer]);
      if (op.layer === 'LIGHT') doc.fillAndStroke('#ffe9a8', PDF_STROKES[op.layer]);
      else if (op.layer === 'MOUNTING') {
        doc.dash(3, { space: 2 }).stroke();
        doc.undash();
      } else doc.stroke();
    } else if (op.op === 'circle') {
      doc.circle(X(op.centre[0]), Y(op.centre[1]), op.radius * scale).lineWidth(0.7).strokeColor(PDF_STROKES[op.layer]).stroke();
    } else if (op.op === 'text') label(op.layer, op.at, op.text);
    else {
      const parts = dimensionLines(op, textHeight);
      for (const [a, b] of parts.lines) line('DIMENSIONS', a, b);
      label('DIMENSIONS', parts.textAt, op.text, parts.angle);
    }
  }
  doc.restore();
}
