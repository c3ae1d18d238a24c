import { createRequire } from 'node:module';
import { PALETTE } from '@lumen/ui/tokens';

const require = createRequire(import.meta.url);

/**
 * The look every document of the product shares (quotes now; order confirmations, invoices and spec
 * sheets later): the brand palette of packages/ui, one type family embedded in every file, sizes.
 * DejaVu Sans (condensed) covers Latin with every accent, Greek and Cyrillic, so any name a user
 * types prints.
 */
export const PDF_FONTS = {
  // The condensed faces: dense tables fit, and two faces parse and embed in half the time of four.
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf'),
} as const;

export type PdfFont = keyof typeof PDF_FONTS;

export const PDF_COLORS = {
  /** Text. */
  ink: PALETTE['gray-1'],
  /** Secondary text: labels, notes, the footer. */
  muted: PALETTE['gray-2'],
  /** Hair lines and borders. */
  rule: PALETTE['gray-6'],
  /** Table header background and the totals panel. */
  band: PALETTE['gray-4'],
  /** Every other table row. */
  zebra: PALETTE['gray-5'],
  /** The brand's mark: the header stripe and the total's underline (never under text it would drown). */
  accent: PALETTE['primary-lima'],
  /** Soft panels (comment, validity). */
  soft: PALETTE['secondary-pink'],
  success: PALETTE.success,
  error: PALETTE.error,
  warning: PALETTE.warning,
} as const;

/** Font sizes in points. */
export const PDF_SIZES = { title: 16, heading: 11, body: 9, table: 8, small: 7 } as const;

/** A4 in points, margins leaving room for the header (top) and the footer (bottom). */
export const PDF_PAGE = { size: 'A4' as const, margins: { top: 96, bottom: 56, left: 40, right: 40 }, headerTop: 28, footerOffset: 30 };
