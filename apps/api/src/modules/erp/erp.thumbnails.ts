import sharp from 'sharp';

/** The side of a line's picture on an invoice, pixels (printed at 36 points: about 2.7× the print size). */
const THUMBNAIL_PX = 96;

/** A catalogue picture (SVG, as the images service gives it) as the small PNG an invoice line prints beside its reference. */
export async function svgThumbnail(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg, 'utf8'), { density: 144 }).resize({ width: THUMBNAIL_PX, height: THUMBNAIL_PX, fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 1 } }).flatten({ background: '#ffffff' }).png().toBuffer();
}
