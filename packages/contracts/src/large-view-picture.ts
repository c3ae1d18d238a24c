/**
 * The configurator's large view of a model (issue 35 §2): the api's rendered image at the widths a
 * screen offers, and the width the page gives it. One spelling for the web's img
 * (features/configurator) and the api's first view of the same page (apps/api first-view.ts), which
 * also announces it in the head: the two must choose the same file, or the picture is fetched twice.
 * Light on purpose (no schema library): the web's configurator page imports it.
 */

/** The widths of the srcset. */
export const LARGE_VIEW_WIDTHS = [480, 960, 1440] as const;
/** The image's width on the page: the content's width on a phone, 20rem beside the title otherwise. */
export const LARGE_VIEW_SIZES = '(max-width: 575px) calc(100vw - 2rem), 20rem';

const RENDERED = /^\/api\/images\/v1\/render\//;

/** A rendered image at `size` px wide (the renderer's `size`); any other picture is kept as it is. */
export function pictureAtSize(image: string, size: number): string {
  if (!RENDERED.test(image)) return image;
  const [path = '', query = ''] = image.split('?');
  const asked = `size=${Math.round(size)}`;
  const params = query === '' ? [] : query.split('&');
  const at = params.findIndex((param) => param.startsWith('size='));
  if (at < 0) params.push(asked);
  else params[at] = asked;
  return `${path}?${params.join('&')}`;
}

/** The large view's img attributes: a srcset and its sizes for a rendered image, the picture alone otherwise. */
export function largeViewPicture(image: string): { src: string; srcSet?: string; sizes?: string } {
  if (!RENDERED.test(image)) return { src: image };
  return { src: image, srcSet: LARGE_VIEW_WIDTHS.map((width) => `${pictureAtSize(image, width)} ${width}w`).join(', '), sizes: LARGE_VIEW_SIZES };
}
