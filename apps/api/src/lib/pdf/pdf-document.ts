import PDFDocument from 'pdfkit';
import { PDF_COLORS, PDF_FONTS, PDF_PAGE, PDF_SIZES, type PdfFont } from './pdf-theme';

/** What every page of a document repeats: who issues it, what it is, and the page numbering. */
export interface PdfFrame {
  /** The document's title on every page (`Quote Q-2026-000123`). */
  title: string;
  /** A second line under the title (the date, the project). */
  subtitle?: string;
  /** The issuer's name at the top right of every page. */
  issuer: string;
  /** Lines under the issuer (address, e-mail). */
  issuerLines?: readonly string[];
  /** The footer's left text (the document number, a legal line). */
  footerNote?: string;
  /** `Page 1 of 3` in the document's language. */
  pageLabel: (page: number, pages: number) => string;
  /** Document metadata. */
  info: { title: string; author: string; subject?: string; lang: string };
  /** Paper: A4 by default; US Letter for documents of the United States catalogue. */
  paper?: 'A4' | 'LETTER';
}

/** A branded PDF under construction: pdfkit's document with the frame drawn on every page. */
export interface BrandedPdf {
  readonly doc: PDFKit.PDFDocument;
  /** Left edge and width of the content. */
  readonly left: number;
  readonly width: number;
  /** The lowest y content may reach on a page. */
  bottom(): number;
  /** Starts a new page when fewer than `height` points are left on this one. */
  ensureSpace(height: number): void;
  /** Sets the font and size (and the ink colour unless told). */
  use(font: PdfFont, size?: number, color?: string): PDFKit.PDFDocument;
  /** Draws the frame on every page (page numbers need the page count) and returns the file. */
  finish(): Promise<Buffer>;
}

/**
 * A new A4 document with the product's look: fonts embedded (subset), the header (issuer, title,
 * brand stripe) on every page, the footer with the note and "Page X of Y" added at the end.
 */
export function createBrandedPdf(frame: PdfFrame): BrandedPdf {
  const doc = new PDFDocument({
    size: frame.paper ?? PDF_PAGE.size,
    margins: PDF_PAGE.margins,
    bufferPages: true,
    autoFirstPage: true,
    compress: true,
    lang: frame.info.lang,
    displayTitle: true,
    font: PDF_FONTS.regular,
    info: { Title: frame.info.title, Author: frame.info.author, Subject: frame.info.subject ?? frame.info.title, Creator: 'Lumen Pro', Producer: 'Lumen Pro' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PDF_PAGE.margins.left;
  const width = doc.page.width - PDF_PAGE.margins.left - PDF_PAGE.margins.right;
  // Fonts are named by their file: pdfkit keeps a font by the name it was asked for, so the file is
  // parsed once per document (a registered alias of the constructor's font would be parsed again on
  // every switch).
  const use = (font: PdfFont, size: number = PDF_SIZES.body, color: string = PDF_COLORS.ink) => doc.font(PDF_FONTS[font]).fontSize(size).fillColor(color);

  /**
   * One line of the header that stays on its line (issue 34 §2: a long title wrapped over the
   * subtitle, a long issuer over its address): the size shrinks to fit the width down to `min`, then
   * the text is cut with an ellipsis. Returns the size used.
   */
  const headerLine = (text: string, font: PdfFont, size: number, min: number, color: string, x: number, y: number, boxWidth: number, align: 'left' | 'right') => {
    let fitted = size;
    use(font, fitted, color);
    while (fitted > min && doc.widthOfString(text) > boxWidth) {
      fitted = Math.max(min, fitted - 0.5);
      use(font, fitted, color);
    }
    let shown = text;
    if (doc.widthOfString(shown) > boxWidth) {
      while (shown.length > 1 && doc.widthOfString(`${shown}…`) > boxWidth) shown = shown.slice(0, -1);
      shown = `${shown.trimEnd()}…`;
    }
    doc.text(shown, x, y, { width: boxWidth, align, lineBreak: false });
    return fitted;
  };

  const header = () => {
    const { x, y } = doc;
    const top = PDF_PAGE.headerTop;
    const gap = 12;
    const titleWidth = width * 0.6 - gap;
    const issuerX = left + width * 0.6;
    const issuerWidth = width * 0.4;
    doc.save();
    doc.rect(0, 0, doc.page.width, 6).fill(PDF_COLORS.accent);
    headerLine(frame.title, 'bold', PDF_SIZES.title, PDF_SIZES.heading, PDF_COLORS.ink, left, top, titleWidth, 'left');
    if (frame.subtitle) headerLine(frame.subtitle, 'regular', PDF_SIZES.body, PDF_SIZES.small, PDF_COLORS.muted, left, top + 22, titleWidth, 'left');
    headerLine(frame.issuer, 'bold', PDF_SIZES.heading, PDF_SIZES.body, PDF_COLORS.ink, issuerX, top, issuerWidth, 'right');
    (frame.issuerLines ?? []).slice(0, 3).forEach((line, index) => {
      headerLine(line, 'regular', PDF_SIZES.small, PDF_SIZES.small - 1, PDF_COLORS.muted, issuerX, top + 16 + index * 10, issuerWidth, 'right');
    });
    doc.moveTo(left, PDF_PAGE.margins.top - 12).lineTo(left + width, PDF_PAGE.margins.top - 12).lineWidth(0.5).strokeColor(PDF_COLORS.rule).stroke();
    doc.restore();
    doc.x = x;
    doc.y = y;
    use('regular');
  };
  header();
  doc.on('pageAdded', header);

  const bottom = () => doc.page.height - PDF_PAGE.margins.bottom;

  return {
    doc,
    left,
    width,
    bottom,
    ensureSpace(height) {
      if (doc.y + height > bottom()) doc.addPage();
    },
    use,
    async finish() {
      const range = doc.bufferedPageRange();
      for (let index = range.start; index < range.start + range.count; index += 1) {
        doc.switchToPage(index);
        // Writing in the bottom margin must not flow onto a new page.
        const margin = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        const y = doc.page.height - PDF_PAGE.footerOffset;
        doc.moveTo(left, y - 6).lineTo(left + width, y - 6).lineWidth(0.5).strokeColor(PDF_COLORS.rule).stroke();
        if (frame.footerNote) use('regular', PDF_SIZES.small, PDF_COLORS.muted).text(frame.footerNote, left, y, { width: width * 0.7, lineBreak: false, ellipsis: true });
        use('regular', PDF_SIZES.small, PDF_COLORS.muted).text(frame.pageLabel(index - range.start + 1, range.count), left + width * 0.7, y, { width: width * 0.3, align: 'right', lineBreak: false });
        doc.page.margins.bottom = margin;
      }
      doc.end();
      return done;
    },
  };
}
