/**
 * What the drawing screens read of the catalogue for one drawn family: its collection (name, type),
 * its models (the stick models, or plusminus's light models with their names), the values each light
 * attribute may take (from the models' articles and variations), and the values' descriptions.
 */
import type { Collection, Lang, ModelSummary, VariationsResponse } from '@lumen/contracts';
import { descriptionIn, DRAWING_FAMILIES, DRAWING_SUBFAMILY, type DrawingFamily, type FamilyData, type LocalizedText, type RuleSet } from '@lumen/domain';
import { useMemo } from 'react';
import { loadCollectionModels, loadCollectionRules, loadCollections, loadVariations } from '../../shared/catalogue-calls';
import { selectCatalogueReader } from '../../shared/session';
import { useAppDispatch, useAppSelector } from '../../shared/store';
import { useRemote, type Remote } from '../../shared/use-remote';

/** The light attributes a drawing sets per element and for the whole drawing (a light's, a stick's). */
export const DRAWING_ATTRIBUTES = ['finish', 'ledColourTemp', 'control'] as const;
export type DrawingAttribute = (typeof DRAWING_ATTRIBUTES)[number];
/** With the installation (a stick's canopy): every attribute an element of a drawing carries. */
export const PLAN_ATTRIBUTES = [...DRAWING_ATTRIBUTES, 'installation'] as const;
export type PlanAttribute = (typeof PLAN_ATTRIBUTES)[number];

/** What a segment carries: a stick is a light with its canopy; a strap has its colour only. */
export function segmentAttributesOf(family: DrawingFamily): readonly PlanAttribute[] {
  return family === 'sticks' ? PLAN_ATTRIBUTES : ['finish'];
}

export interface DrawingCatalogue {
  readonly family: DrawingFamily;
  readonly collection: Collection;
  /** The family's light models with their names (plusminus); the stick models (sticks). */
  readonly models: readonly ModelSummary[];
  /** Values each attribute may take, in catalogue order (of the stick models, or of plusminus's light models). */
  readonly options: Readonly<Record<PlanAttribute, readonly string[]>>;
  /** `${attribute}|${code}` → description. */
  readonly descriptions: ReadonlyMap<string, LocalizedText | string>;
  readonly familyData: FamilyData;
  /** The collection's rule sets (its exclusions): a refused value is named beside its control (issue 27 §2). */
  readonly rules: readonly RuleSet[];
}

const VARIATION_KEY: Readonly<Partial<Record<VariationsResponse['variations'][number]['type'], PlanAttribute>>> = {
  color: 'finish',
  temperature: 'ledColourTemp',
  control: 'control',
  installation: 'installation',
};

export function buildDrawingCatalogue(family: DrawingFamily, collection: Collection, models: readonly ModelSummary[], response: VariationsResponse, rules: readonly RuleSet[] = []): DrawingCatalogue {
  // The options are the lit parts' (the sticks, plusminus's lights): the collection's accessories (joints, canopies, counterweights) have their own codes.
  const lit = family === 'sticks' ? DRAWING_FAMILIES.sticks.segmentModels.map((m) => m.model) : DRAWING_FAMILIES.plusminus.lightModels;
  const descriptions = new Map<string, LocalizedText | string>();
  const perModel = new Map<string, Record<PlanAttribute, string[]>>();
  const add = (model: string, key: PlanAttribute, code: string, description: LocalizedText | string | undefined) => {
    if (!lit.includes(model)) return;
    const own = perModel.get(model) ?? { finish: [], ledColourTemp: [], control: [], installation: [] };
    perModel.set(model, own);
    if (!own[key].includes(code)) own[key].push(code);
    if (description !== undefined && !descriptions.has(`${key}|${code}`)) descriptions.set(`${key}|${code}`, description);
  };
  for (const article of response.articles) for (const key of PLAN_ATTRIBUTES) add(article.model, key, article.attributes[key].code, article.attributes[key].description);
  for (const variation of response.variations) {
    const key = VARIATION_KEY[variation.type];
    if (key) add(variation.model, key, variation.type === 'installation' && variation.modifier2 ? variation.modifier2 : variation.modifier, variation.description);
  }
  // A value for the whole drawing is one every lit model is made with (a stick of any length, any light); the first model's values when they share none.
  const all = [...perModel.values()];
  const options = Object.fromEntries(
    PLAN_ATTRIBUTES.map((key) => {
      const first = all[0]?.[key] ?? [];
      const shared = first.filter((code) => all.every((own) => own[key].includes(code)));
      return [key, shared.length > 0 ? shared : first];
    }),
  ) as Record<PlanAttribute, string[]>;
  return {
    family,
    collection,
    models: models.filter((m) => !m.virtual && lit.includes(m.model)),
    options,
    descriptions,
    familyData: { familyId: collection.familyId, subFamily: { id: collection.subFamilyId, description: collection.name }, category: collection.productType.id },
    rules,
  };
}

/** The label of an attribute value in the user's language: the catalogue's description and its code. */
export function valueLabel(catalogue: DrawingCatalogue, lang: Lang, key: PlanAttribute, code: string): string {
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
    const [variations, rules] = await Promise.all([dispatch(loadVariations({ models: codes, catalogId, lang, subFamilyId })).unwrap(), dispatch(loadCollectionRules({ subFamilyId, catalogId })).unwrap()]);
    return buildDrawingCatalogue(family, collection, models, variations, rules);
  });
  return useMemo(() => [remote, reload], [remote, reload]);
}
