/**
 * What the room reads of the catalogue for one crea collection, built once from the calls' answers:
 * the models to hang (bodies and optics from their technical data), the article collection and rules
 * the engine checks against, the values' descriptions, and the family a saved space is read with.
 */
import type { Collection, ModelSummary, VariationsResponse } from '@lumen/contracts';
import type { ArticleCollection, AttributeKey, FamilyData, LocalizedText, LuminaireData, RuleSet, Variation } from '@lumen/domain';
import type { ModelBody } from './crea-state';
import type { ModelOptics } from './light-pools';

export interface CreaCatalogue {
  readonly collection: Collection;
  readonly models: readonly ModelSummary[];
  readonly bodies: Readonly<Record<string, ModelBody>>;
  readonly optics: Readonly<Record<string, ModelOptics>>;
  /** What the scene draws each model as: the domain's luminaire geometry's input (the room hangs them: location 5, suspended). */
  readonly luminaires: Readonly<Record<string, LuminaireData>>;
  readonly articles: ArticleCollection;
  readonly rules: readonly RuleSet[];
  /** `${attribute}|${code}` → description. */
  readonly descriptions: ReadonlyMap<string, LocalizedText | string>;
  readonly family: FamilyData;
}

/** Crea collections: the crea configurator's (1) and composing pendants (category 7, the compositor's). */
export function isCreaCollection(collection: Collection): boolean {
  return collection.configuratorType.id === 1 || collection.productType.id === 7;
}

/** The location the room hangs every model in (the geometry's 'suspended'). */
const SUSPENDED = 5;

type WireVariation = VariationsResponse['variations'][number];

function toVariation(variation: WireVariation): Variation | null {
  const { type, min, max, standard, ...rest } = variation;
  if (type === 'pendantHeight') {
    if (min === undefined || max === undefined || standard === undefined) return null;
    return { ...rest, type, min, max, standard };
  }
  return { ...rest, type };
}

const VARIATION_KEY: Readonly<Record<WireVariation['type'], AttributeKey>> = {
  color: 'finish',
  temperature: 'ledColourTemp',
  control: 'control',
  installation: 'installation',
  pendantHeight: 'pendantHeight',
};

export function buildCreaCatalogue(collection: Collection, models: readonly ModelSummary[], response: VariationsResponse, rules: readonly RuleSet[]): CreaCatalogue {
  const real = models.filter((m) => !m.virtual);
  const bodies: Record<string, ModelBody> = {};
  const optics: Record<string, ModelOptics> = {};
  const luminaires: Record<string, LuminaireData> = {};
  for (const m of real) {
    const d = m.technicalData;
    bodies[m.model] = {
      model: m.model,
      width: Math.max(0.05, d.width / 100),
      height: Math.max(0.05, d.height / 100),
      depth: Math.max(0.05, d.depth / 100),
      lumens: d.lumens,
      watts: d.watts,
      familyName: m.familyName,
      subFamilyId: m.subFamilyId,
    };
    optics[m.model] = { lumens: d.lumens, beamAngle: d.beamAngle, width: d.width, depth: d.depth };
    luminaires[m.model] = { category: m.category.id, locationId: SUSPENDED, width: d.width, height: d.height, depth: d.depth, ...(d.lightSources !== undefined ? { lightSources: d.lightSources } : {}) };
  }
  const descriptions = new Map<string, LocalizedText | string>();
  for (const article of response.articles) {
    for (const key of ['finish', 'ledColourTemp', 'control', 'installation'] as const) {
      const attribute = article.attributes[key];
      if (attribute.description !== undefined && !descriptions.has(`${key}|${attribute.code}`)) descriptions.set(`${key}|${attribute.code}`, attribute.description);
    }
  }
  for (const variation of response.variations) {
    const key = VARIATION_KEY[variation.type];
    const code = variation.type === 'installation' && variation.modifier2 ? variation.modifier2 : variation.modifier;
    if (variation.description !== undefined && !descriptions.has(`${key}|${code}`)) descriptions.set(`${key}|${code}`, variation.description);
  }
  return {
    collection,
    models: real,
    bodies,
    optics,
    luminaires,
    articles: {
      articles: response.articles.map((article) => ({ ...article, priceReference: article.priceReference ?? article.referenceBase })),
      variations: response.variations.map(toVariation).filter((v): v is Variation => v !== null),
    },
    rules,
    descriptions,
    family: { familyId: collection.familyId, subFamily: { id: collection.subFamilyId, description: collection.name }, category: collection.productType.id },
  };
}
