import type { VariationsResponse } from '@lumen/contracts';
import { describe, expect, it } from 'vitest';
import { articleCollectionOf } from './article-collection';
import { fixtureArticle } from './element-tree.fixtures';

describe('articleCollectionOf (the variations call as the element tree reads it)', () => {
  const priced = fixtureArticle({ model: '0270', lumens: 1200, watts: 12 });
  const { priceReference: _omitted, ...unpriced } = fixtureArticle({ model: '0270', finish: '05', base: false, lumens: 1200, watts: 12 });
  const response = {
    catalogId: 1,
    articles: [priced, unpriced],
    variations: [
      { type: 'color', model: '0270', modifier: '05' },
      { type: 'pendantHeight', model: '0270', modifier: '00', min: 50, standard: 200, max: 300 },
      { type: 'pendantHeight', model: '0270', modifier: '01', min: 50 },
    ],
  } as unknown as VariationsResponse;

  it('prices an article sent without its price reference (no price.view) as its base reference', () => {
    const { articles } = articleCollectionOf(response);
    expect(articles[0]?.priceReference).toBe(priced.priceReference);
    expect(articles[1]?.priceReference).toBe(unpriced.referenceBase);
  });

  it('keeps listed variations and pendant heights with their range, drops a height without one', () => {
    expect(articleCollectionOf(response).variations).toEqual([
      { type: 'color', model: '0270', modifier: '05' },
      { type: 'pendantHeight', model: '0270', modifier: '00', min: 50, standard: 200, max: 300 },
    ]);
  });
});
