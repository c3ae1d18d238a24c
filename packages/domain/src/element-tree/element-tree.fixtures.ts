/**
 * Test and benchmark data: a small article collection. Not exported from the package.
 */
import type { Article, CatalogId, Variation } from '../catalogue/catalogue.types';
import type { ArticleCollection } from './article-collection';

interface ArticleSpec {
  readonly model: string;
  readonly finish?: string;
  readonly ledColourTemp?: string;
  readonly control?: string;
  readonly installation?: string;
  readonly catalog?: CatalogId;
  readonly lumens?: number;
  readonly watts?: number;
  readonly pendantHeight?: { readonly min: number; readonly standard: number; readonly max: number };
  readonly base?: boolean;
}

export function fixtureArticle(spec: ArticleSpec): Article {
  const finish = spec.finish ?? '01';
  const temp = spec.ledColourTemp ?? '3';
  const control = spec.control ?? '0';
  const installation = spec.installation ?? '10';
  const catalog = spec.catalog ?? 16;
  const dash = catalog === 21 ? '-' : '';
  const reference = `${spec.model}${dash}${finish}/${control}${temp}_${installation}`;
  const attr = (code: string) => ({ code, description: { en: code }, bov: 'B' as const });
  return {
    model: spec.model,
    reference,
    referenceBase: spec.base === false ? `${spec.model}${dash}01/03_10` : reference,
    priceReference: reference,
    catalog: { id: catalog },
    articleType: { level1: { id: 1, description: 'Luminaire' } },
    attributes: {
      finish: attr(finish),
      ledColourTemp: attr(temp),
      control: attr(control),
      installation: attr(installation),
      ...(spec.pendantHeight ? { pendantHeight: { ...attr('00'), value: spec.pendantHeight.standard, delta: 10, ...spec.pendantHeight } } : {}),
    },
    materials: [],
    moq: 1,
    leadtime: [{ from: 1, weeks: 2 }],
    hasAttributes: true,
    netWeight: 1,
    lumens: spec.lumens ?? 1000,
    watts: spec.watts ?? 10,
    delivered_power: spec.watts ?? 10,
    consumed_power: spec.watts ?? 10,
    height: 10,
  };
}

const v = (model: string, type: Variation['type'], modifier: string): Variation =>
  type === 'pendantHeight' ? { type, model, modifier, min: 50, standard: 200, max: 300 } : ({ type, model, modifier } as Variation);

export const FIXTURE_ARTICLES: ArticleCollection = {
  articles: [
    // 0270: many options, supports M No-driver, pendant heights 50–300 cm.
    fixtureArticle({ model: '0270', lumens: 1200, watts: 12, pendantHeight: { min: 50, standard: 200, max: 300 } }),
    fixtureArticle({ model: '0270', finish: '05', base: false, lumens: 1200, watts: 12 }),
    // 5770: single control, temperature and installation; finish 02 by default.
    fixtureArticle({ model: '5770', finish: '02', control: '1', installation: '18', lumens: 800, watts: 8 }),
    // 2350: no M control.
    fixtureArticle({ model: '2350', finish: '03', lumens: 2000, watts: 20 }),
    // 8001: an accessory (complement).
    { ...fixtureArticle({ model: '8001', lumens: 0, watts: 0 }), type: 'Complement' },
  ],
  variations: [
    v('0270', 'color', '05'),
    v('0270', 'color', '07'),
    v('0270', 'temperature', '4'),
    v('0270', 'control', '2'),
    v('0270', 'control', 'M'),
    v('0270', 'installation', '31'),
    v('0270', 'installation', '32'),
    v('0270', 'installation', '18'),
    v('2350', 'color', '05'),
    v('2350', 'temperature', '4'),
    v('2350', 'control', '2'),
    v('2350', 'installation', '31'),
    v('2350', 'installation', '18'),
    // 9000: variations but no base article.
    v('9000', 'color', '05'),
  ],
};
