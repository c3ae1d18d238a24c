import type { VariationsResponse } from '@lumen/contracts';
import { describe, expect, it } from 'vitest';
import { buildDrawingCatalogue } from './drawing-catalogue';
import { STICKS_COLLECTION, STICKS_MODELS, STICKS_VARIATIONS } from './drawing.fixtures';

describe('the drawing catalogue', () => {
  it('offers for the whole drawing the values every stick model is made with, and leaves the accessories out', () => {
    const articles = STICKS_VARIATIONS.articles;
    const first = articles[0]!;
    const response: VariationsResponse = {
      ...STICKS_VARIATIONS,
      articles: [
        // The 150 cm stick is also made with control 1 and the surface canopy 10; the joint (an accessory) has codes of its own.
        ...articles.map((article) => {
          const [control, installation] = article.model === '2355' ? ['1', '10'] : ['M', '31'];
          return { ...article, attributes: { ...article.attributes, control: { ...article.attributes.control, code: control }, installation: { ...article.attributes.installation, code: installation } } };
        }),
        { ...first, model: '7465', attributes: { ...first.attributes, finish: { ...first.attributes.finish, code: '99' } } },
      ],
      variations: [
        ...STICKS_VARIATIONS.variations,
        ...['2355', '7460', '7470', '7475'].map((model) => ({ type: 'control', model, modifier: 'M' }) as VariationsResponse['variations'][number]),
        ...['2355', '7460', '7470', '7475'].map((model) => ({ type: 'installation', model, modifier: '31' }) as VariationsResponse['variations'][number]),
      ],
    };
    const catalogue = buildDrawingCatalogue('sticks', STICKS_COLLECTION, STICKS_MODELS, response);
    expect(catalogue.options.control).toEqual(['M']);
    expect(catalogue.options.installation).toEqual(['31']);
    expect(catalogue.options.finish).toEqual(['10', '05']);
    expect(catalogue.models.map((m) => m.model)).toEqual(['7460', '7470', '7475', '2355']);
  });
});
