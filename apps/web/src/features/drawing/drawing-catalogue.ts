/**
 * What the drawing screens read of the catalogue for one drawn family: its collection (name, type),
 * its models (the stick models, or plusminus's light models with their names), the values each light
 * attribute may take (from the models' articles and variations), and the values' descriptions.
 */
import type { Collection, Lang, ModelSummary, VariationsResponse } from '@lumen/contracts';
import { descriptionIn, DRAWING_FAMILIES, DRAWING_SUBFAMILY, type DrawingFamily, type FamilyData, type LocalizedText } from '@lumen/domain';
import { useMemo } from 'react';
import { loadCollectionModels, loadCollections, loadVariations } from '../../shared/catalogue-calls';
import { selectCatalogueReader } from '../../shared/session';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote, type Remote } from '../../shared/use-remote';

/** The light attributes a drawing sets per element and for the whole drawing. */
export const DRAWING_ATTRIBUTES = ['finish', 'ledColourTemp', 'control'] as const;
export type DrawingAttribute = (typeof DRAWING_ATTRIBUTES)[number];

export interface DrawingCatalogue {
  readonly family: DrawingFamily;
  readonly collection: Collection;
  /** The family's light models with their names (plusminus); the stick models (sticks). */
  readonly models: readonly ModelSummary[];
  /** Values each attribute may take, in catalogue order. */
  readonly options: Readonly<Record<DrawingAttribute, readonly string[]>>;
  /** `${attribute}|${code}` → description. */
  readonly descriptions: ReadonlyMap<string, LocalizedText | string>;
  readonly familyData: FamilyData;
}

const VARIATION_KEY: Readonly<Partial<Record<VariationsResponse['variations'][number]['type'], DrawingAttribute>>> = {
  color: 'finish',
  temperature: 'ledColourTemp',
  control: 'control',
};

export function buildDrawingCatalogue(family: DrawingFamily, collection: Collection, models: readonly ModelSummary[], response: VariationsResponse): DrawingCatalogue {
  const options: Record<DrawingAttribute, string[]> = { finish: [], ledColourTemp: [], control: [] };
  const descriptions = new Map<string, LocalizedText | string>();
  const add = (key: DrawingAttribute, code: string, description: LocalizedText | string | undefined) => {
    if (!options[key].includes(code)) options[key].push(code);
    if (description !== undefined && !descriptions.has(`${key}|${code}`)) descriptions.set(`${key}|${code}`, description);
  };
  for (const article of response.articles) for (const key of DRAWING_ATTRIBUTES) add(key, article.attributes[key].code, article.attributes[key].description);
  for (const variation of response.variations) {
    const key = VARIATION_KEY[variation.type];
    if (key) add(key, variation.modifier, variation.description);
  }
  const wanted = family === 'sticks' ? DRAWING_FAMILIES.sticks.segmentModels.map((m) => m.model) : DRAWING_FAMILIES.plusminus.lightModels;
  return {
    family,
    collection,
    models: models.filter((m) => !m.virtual && wanted.includes(m.model)),
    options,
    descriptions,
    familyData: { familyId: collection.familyId, subFamily: { id: collection.subFamilyId, description: collection.name }, category: collection.productType.id },
  };
}

/** The label of an attribute value in the user's language: the catalogue's description and its code. */
export function valueLabel(catalogue: DrawingCatalogue, lang: Lang, key: DrawingAttribute, code: string): string {
  const described = catalogue.descriptions.get(`${key}|${code}`);
  const text = described ? descriptionIn(described, lang) : '';
  return text && text !== code ? `${text} (${code})` : code;
}

/**
 * Loads the family's collection in the catalogue, its models and their articles. `null` when the
 * catalogue has no such collection.
 */
export function useDrawingCatalogue(family: DrawingFamily, catalogId: number, lang: Lang): [Remote<DrawingCatalogue | null>, () => void] {
  const dispatch = useAppDispatch();
  const reader = useAppSelector(selectCatalogueReader);
  const subFamilyId = DRAWING_SUBFAMILY[family];
  const [remote, reload] = useRemote<DrawingCatalogue | null>(reader ? `${family}/${catalogId}/${lang}/${reader}` : null, async () => {
    const collections = await dispatch(loadCollections({ catalogId, lang })).unwrap();
    const collection = collections.find((c) => c.subFamilyId === subFamilyId);
    if (!collection) return null;
    const models = await dispatch(loadCollectionModels({ catalogId, lang, subFamilyId })).unwrap();
    const codes = models.filter((m) => !m.virtual).map((m) => m.model);
    const variations = await dispatch(loadVariations({ models: codes, catalogId, lang, subFamilyId })).unwrap();
    return buildDrawingCatalogue(family, collection, models, variations);
  });
  return useMemo(() => [remote, reload], [remote, reload]);
}
