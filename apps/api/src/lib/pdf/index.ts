export { createBrandedPdf, type BrandedPdf, type PdfFrame } from './pdf-document';
export { drawNote, drawTable, drawTotals, type PdfColumn, type PdfTableOptions } from './pdf-table';
export { PDF_COLORS, PDF_FONTS, PDF_PAGE, PDF_SIZES, type PdfFont } from './pdf-theme';
