import { PDF_COLORS, PDF_FONTS, PDF_SIZES, type PdfFont } from './pdf-theme';
import type { BrandedPdf } from './pdf-document';

export interface PdfColumn<Row> {
  header: string;
  /** Share of the table's width (the shares are scaled to fill it). */
  width: number;
  align?: 'left' | 'right' | 'center';
  /** The cell's text; an array gives a first line in bold and the others under it in the muted colour. */
  text: (row: Row) => string | readonly string[];
  /** A picture (PNG or JPEG) drawn in the cell instead of text, fitted in a square as wide as the column (at most `IMAGE_MAX` points); none: the text. */
  image?: (row: Row) => Buffer | null | undefined;
}

/** The largest side of a picture in a table cell (a thumbnail), points. */
const IMAGE_MAX = 36;

export interface PdfTableOptions {
  fontSize?: number;
  /** Shade every other row. */
  zebra?: boolean;
  font?: PdfFont;
  boldFont?: PdfFont;
}

const PAD_X = 3;
const PAD_Y = 3;

/**
 * A table that breaks across pages and repeats its header on each: rows are measured first (cells
 * wrap within their column) and a row that does not fit starts a new page. A row taller than a page
 * is cut with an ellipsis rather than spilling over the footer.
 */
export function drawTable<Row>(pdf: BrandedPdf, columns: readonly PdfColumn<Row>[], rows: readonly Row[], options: PdfTableOptions = {}): void {
  const { doc } = pdf;
  const size = options.fontSize ?? PDF_SIZES.table;
  const font = options.font ?? 'regular';
  const bold = options.boldFont ?? 'bold';
  const share = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / share) * pdf.width);
  const xs = widths.map((_, index) => pdf.left + widths.slice(0, index).reduce((sum, w) => sum + w, 0));
  const lineGap = 1;

  // Measuring wraps the text (pdfkit's line wrapper): the slow part of a long table. A text that fits
  // on one line is one line high (a width is cheaper than a wrap), and every answer is kept: columns
  // repeat their texts (attributes, '—', units) from row to row.
  const heights = new Map<string, number>();
  const lineHeights = new Map<PdfFont, number>();
  const measure = (text: string, index: number, face: PdfFont) => {
    const key = `${face}|${index}|${text}`;
    const known = heights.get(key);
    if (known !== undefined) return known;
    doc.font(PDF_FONTS[face]).fontSize(size);
    const width = (widths[index] ?? 0) - 2 * PAD_X;
    let lineHeight = lineHeights.get(face);
    if (lineHeight === undefined) {
      lineHeight = doc.heightOfString('X', { width, lineGap });
      lineHeights.set(face, lineHeight);
    }
    const height = !text.includes('\n') && doc.widthOfString(text) <= width ? lineHeight : doc.heightOfString(text, { width, lineGap });
    heights.set(key, height);
    return height;
  };

  // A header wraps between its words, never inside one (issue 28 §5: "Men/ge", "Energieklass/e"): the
  // headers' size is the body's, or smaller until each header's longest word fits its column.
  doc.font(PDF_FONTS[bold]).fontSize(size);
  const headerSize = Math.max(
    size * 0.6,
    Math.min(
      size,
      ...columns.map((column, index) => {
        const room = (widths[index] ?? 0) - 2 * PAD_X;
        const widest = Math.max(0, ...column.header.split(/\s+/).map((word) => doc.widthOfString(word)));
        return widest > room && widest > 0 ? Math.floor(((size * room) / widest) * 10) / 10 : size;
      }),
    ),
  );
  const headerHeight =
    Math.max(
      ...columns.map((column, index) => {
        doc.font(PDF_FONTS[bold]).fontSize(headerSize);
        return doc.heightOfString(column.header, { width: (widths[index] ?? 0) - 2 * PAD_X, lineGap });
      }),
    ) +
    2 * PAD_Y;
  const drawHeader = () => {
    const y = doc.y;
    doc.rect(pdf.left, y, pdf.width, headerHeight).fill(PDF_COLORS.band);
    columns.forEach((column, index) => {
      pdf.use(bold, headerSize).text(column.header, (xs[index] ?? 0) + PAD_X, y + PAD_Y, { width: (widths[index] ?? 0) - 2 * PAD_X, align: column.align ?? 'left', lineGap });
    });
    doc.y = y + headerHeight;
  };

  const pageRoom = () => pdf.bottom() - doc.page.margins.top - headerHeight;
  pdf.ensureSpace(headerHeight + 3 * size);
  drawHeader();
  rows.forEach((row, rowIndex) => {
    const cells = columns.map((column) => {
      const value = column.text(row);
      return typeof value === 'string' ? [value] : value;
    });
    // Measured in the faces they are drawn in: a first line of several is bold (wider).
    const faceOf = (lines: readonly string[], lineIndex: number): PdfFont => (lines.length > 1 && lineIndex === 0 ? bold : font);
    const images = columns.map((column) => column.image?.(row) ?? null);
    const imageSide = (index: number) => Math.min(IMAGE_MAX, (widths[index] ?? 0) - 2 * PAD_X);
    const cellHeights = cells.map((lines, index) => (images[index] ? imageSide(index) : lines.reduce((sum, line, lineIndex) => sum + (line ? measure(line, index, faceOf(lines, lineIndex)) : 0), 0)));
    const height = Math.min(Math.max(...cellHeights) + 2 * PAD_Y, pageRoom());
    if (doc.y + height > pdf.bottom()) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    if (options.zebra !== false && rowIndex % 2 === 1) doc.rect(pdf.left, y, pdf.width, height).fill(PDF_COLORS.zebra);
    cells.forEach((lines, index) => {
      const image = images[index];
      if (image) {
        const side = imageSide(index);
        doc.image(image, (xs[index] ?? 0) + PAD_X, y + PAD_Y, { fit: [side, side], align: 'center', valign: 'center' });
        return;
      }
      const align = columns[index]?.align ?? 'left';
      const cellWidth = (widths[index] ?? 0) - 2 * PAD_X;
      let cursor = y + PAD_Y;
      lines.forEach((line, lineIndex) => {
        if (!line) return;
        const room = y + height - PAD_Y - cursor;
        if (room < size) return;
        const face = faceOf(lines, lineIndex);
        const textHeight = measure(line, index, face);
        pdf.use(face, size, lineIndex === 0 ? PDF_COLORS.ink : PDF_COLORS.muted);
        // One line: no wrapping to do; several: wrapped within the room left, an ellipsis past it.
        if (textHeight <= size * 1.6) doc.text(line, (xs[index] ?? 0) + PAD_X, cursor, { width: cellWidth, align, lineBreak: false });
        else doc.text(line, (xs[index] ?? 0) + PAD_X, cursor, { width: cellWidth, align, lineGap, height: room, ellipsis: true });
        cursor += textHeight;
      });
    });
    doc.moveTo(pdf.left, y + height).lineTo(pdf.left + pdf.width, y + height).lineWidth(0.25).strokeColor(PDF_COLORS.rule).stroke();
    doc.y = y + height;
  });
  doc.x = pdf.left;
  pdf.use('regular');
}

/** Label–value pairs right-aligned in a panel (totals), the last one emphasised. */
export function drawTotals(pdf: BrandedPdf, rows: ReadonlyArray<{ label: string; value: string; strong?: boolean }>): void {
  const { doc } = pdf;
  // Wide enough for "Gesamtbetrag inkl. MwSt." and "MwSt. 21 % auf 1.234.567,89 €" on one line (issue 34 §1).
  const panelWidth = pdf.width * 0.6;
  const labelWidth = panelWidth * 0.62;
  const x = pdf.left + pdf.width - panelWidth;
  const rowHeight = 15;
  const height = rows.length * rowHeight + 8;
  pdf.ensureSpace(height + 10);
  const top = doc.y + 6;
  doc.rect(x, top, panelWidth, height).fill(PDF_COLORS.band);
  rows.forEach((row, index) => {
    const y = top + 4 + index * rowHeight;
    const face: PdfFont = row.strong ? 'bold' : 'regular';
    const size = row.strong ? PDF_SIZES.heading : PDF_SIZES.body;
    pdf.use(face, size).text(row.label, x + 8, y + (row.strong ? 0 : 1), { width: labelWidth - 8, lineBreak: false, ellipsis: true });
    pdf.use(face, size).text(row.value, x + labelWidth, y + (row.strong ? 0 : 1), { width: panelWidth - labelWidth - 8, align: 'right', lineBreak: false });
    if (row.strong) doc.rect(x + labelWidth, y + rowHeight - 2, panelWidth - labelWidth - 8, 2).fill(PDF_COLORS.accent);
  });
  doc.x = pdf.left;
  doc.y = top + height + 6;
  pdf.use('regular');
}

/** A titled block of free text (a comment, conditions) in a soft panel. */
export function drawNote(pdf: BrandedPdf, title: string, text: string): void {
  const { doc } = pdf;
  const inner = pdf.width - 16;
  pdf.use('regular', PDF_SIZES.body);
  const textHeight = doc.heightOfString(text, { width: inner });
  const height = Math.min(textHeight + 26, pdf.bottom() - doc.page.margins.top);
  pdf.ensureSpace(Math.min(height, 80));
  let top = doc.y + 4;
  // A long text flows over pages: the panel is drawn per page around what fits.
  let rest = text;
  let first = true;
  while (rest) {
    const room = pdf.bottom() - top - 10;
    if (room < 40) {
      doc.addPage();
      top = doc.y;
      continue;
    }
    const fits = fitText(pdf, rest, inner, room - (first ? 16 : 0));
    const body = rest.slice(0, fits);
    const bodyHeight = doc.heightOfString(body, { width: inner });
    const panel = bodyHeight + (first ? 26 : 10);
    doc.rect(pdf.left, top, pdf.width, panel).fill(PDF_COLORS.zebra);
    doc.rect(pdf.left, top, 3, panel).fill(PDF_COLORS.soft);
    let y = top + 5;
    if (first) {
      pdf.use('bold', PDF_SIZES.body).text(title, pdf.left + 8, y, { width: inner, lineBreak: false });
      y += 14;
    }
    pdf.use('regular', PDF_SIZES.body).text(body, pdf.left + 8, y, { width: inner });
    doc.y = top + panel + 6;
    rest = rest.slice(fits).trimStart();
    first = false;
    if (rest) {
      doc.addPage();
      top = doc.y;
    }
  }
  doc.x = pdf.left;
}

/** How many characters of `text` fit in `height` at `width` (whole words). */
function fitText(pdf: BrandedPdf, text: string, width: number, height: number): number {
  const { doc } = pdf;
  if (doc.heightOfString(text, { width }) <= height) return text.length;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.heightOfString(text.slice(0, middle), { width }) <= height) low = middle;
    else high = middle - 1;
  }
  const space = text.lastIndexOf(' ', low);
  return Math.max(1, space > low * 0.6 ? space : low);
}
