import type { VariationsResponse } from '@lumen/contracts';

/**
 * The model's picture in a finish, as the api draws it (issue 10 §11): the base article's picture
 * is in the base finish, each finish variation carries its own. Undefined without one.
 */
export function pictureInFinish(data: VariationsResponse, model: string, finish: string | undefined): string | undefined {
  const base = data.articles.find((article) => article.model === model && article.reference === article.referenceBase);
  if (finish === undefined || base?.attributes.finish.code === finish) return base?.image;
  return data.variations.find((variation) => variation.model === model && variation.type === 'color' && variation.modifier === finish)?.image ?? base?.image;
}
