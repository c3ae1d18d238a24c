import type { AdminArticleTerms, AdminPreconfigValue, AdminRuleValue, DraftKind, DraftProblem, SixTexts } from '@lumen/contracts';
import { LANGS } from '@lumen/contracts';
import { combinationAllowed, type ExclusionCombination, exclusionRuleSet, type RuleSet, tryParseReference } from '@lumen/domain';
import type { AdminArticleRow, AdminModelRow, ChangeRow, PublishedCatalogue } from './product-admin.repository';

/**
 * The catalogue as the product administration sees it (issue 31): the published values of every
 * editable entity, by kind and key, and the same with the draft laid over them. Pure: built from
 * what the repository read.
 *
 * Kinds and keys:
 *   price      `${priceReference}|${rateId}`  { salePrice }            (null: no price)
 *   article    reference                      { active }
 *   terms      reference                      { moq, leadtime }        (the article's order terms)
 *   finish     `${model}|${finish}`           { active }               (every article of the model in that finish)
 *   modelName  model                          { name }                 (the model's description, six languages)
 *   rule       `${subFamilyId}|${ruleId}`     AdminRuleValue | null    (exclusions made in the rule editor)
 *   preconfig  `new-…` or `${id}`             AdminPreconfigValue | null
 */

export const RULE_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const NEW_PRECONFIG = /^new-[a-z0-9-]{1,40}$/;

export interface CatalogueIndex {
  published: PublishedCatalogue;
  modelByCode: Map<string, AdminModelRow>;
  articleByReference: Map<string, AdminArticleRow>;
  articlesByModel: Map<string, AdminArticleRow[]>;
  baseByModel: Map<string, AdminArticleRow>;
  prices: Map<string, string>;
  rateIds: Set<number>;
  collectionIds: Set<number>;
  ruleByKey: Map<string, AdminRuleValue>;
  preconfigById: Map<number, PreconfigData>;
}

type PreconfigData = PublishedCatalogue['preconfigs'][number];

export function indexCatalogue(published: PublishedCatalogue): CatalogueIndex {
  const articlesByModel = new Map<string, AdminArticleRow[]>();
  const baseByModel = new Map<string, AdminArticleRow>();
  for (const article of published.articles) {
    const list = articlesByModel.get(article.model);
    if (list) list.push(article);
    else articlesByModel.set(article.model, [article]);
    if (article.isBase) baseByModel.set(article.model, article);
  }
  const ruleByKey = new Map<string, AdminRuleValue>();
  for (const row of published.ruleSets) ruleByKey.set(`${row.subFamilyId}|${row.ruleId}`, ruleValueOf(row.subFamilyId, row.data));
  return {
    published,
    modelByCode: new Map(published.models.map((model) => [model.model, model])),
    articleByReference: new Map(published.articles.map((article) => [article.reference, article])),
    articlesByModel,
    baseByModel,
    prices: new Map(published.prices.map((price) => [`${price.priceReference}|${price.rateId}`, price.salePrice])),
    rateIds: new Set(published.rates.map((rate) => rate.id)),
    collectionIds: new Set(published.collections.map((collection) => collection.subFamilyId)),
    ruleByKey,
    preconfigById: new Map(published.preconfigs.map((preconfig) => [preconfig.id, preconfig])),
  };
}

/** The editor's form of a rule set it made (exclusionRuleSet's inverse). */
export function ruleValueOf(subFamilyId: number, set: RuleSet): AdminRuleValue {
  const rule = set.rules[0];
  const combinations = rule?.kind === 'exclusion' ? (rule.combinations as AdminRuleValue['combinations']) : [];
  const reasons = (rule?.reasons ?? {}) as Partial<SixTexts>;
  return {
    subFamilyId,
    models: [...(set.appliesTo.model ?? [])],
    combinations,
    reasons: Object.fromEntries(LANGS.map((lang) => [lang, reasons[lang] ?? rule?.reason ?? ''])) as SixTexts,
  };
}

export function ruleSetOf(key: string, value: AdminRuleValue): RuleSet {
  return exclusionRuleSet(key.split('|')[1] ?? key, { models: value.models, combinations: value.combinations as readonly ExclusionCombination[], reasons: value.reasons });
}

export function splitKey(key: string): [string, string] {
  const at = key.lastIndexOf('|');
  return at < 0 ? [key, ''] : [key.slice(0, at), key.slice(at + 1)];
}

/**
 * The published value of an entity; undefined when the catalogue has no such entity (a price of a
 * reference that is no model's price reference, an unknown article, a finish the model is not made in).
 */
export function publishedValue(index: CatalogueIndex, kind: DraftKind, key: string): unknown {
  switch (kind) {
    case 'price': {
      const [reference, rate] = splitKey(key);
      const rateId = Number(rate);
      const base = index.articleByReference.get(reference);
      if (!base?.isBase || !index.rateIds.has(rateId)) return undefined;
      const salePrice = index.prices.get(`${reference}|${rateId}`);
      return salePrice === undefined ? null : { salePrice: normaliseAmount(salePrice) };
    }
    case 'article': {
      const article = index.articleByReference.get(key);
      return article ? { active: article.active } : undefined;
    }
    case 'terms': {
      const article = index.articleByReference.get(key);
      return article ? termsOf(article) : undefined;
    }
    case 'finish': {
      const [model, finish] = splitKey(key);
      const articles = (index.articlesByModel.get(model) ?? []).filter((article) => article.finish === finish);
      return articles.length === 0 ? undefined : { active: articles.some((article) => article.active) };
    }
    case 'modelName': {
      const model = index.modelByCode.get(key);
      return model ? { name: model.data.description } : undefined;
    }
    case 'rule': {
      const [subFamily, ruleId] = splitKey(key);
      if (!index.collectionIds.has(Number(subFamily)) || !RULE_ID.test(ruleId)) return undefined;
      return index.ruleByKey.get(key) ?? null;
    }
    case 'preconfig': {
      if (NEW_PRECONFIG.test(key)) return null;
      const preconfig = /^\d{1,9}$/.test(key) ? index.preconfigById.get(Number(key)) : undefined;
      return preconfig ? preconfigValueOf(preconfig) : undefined;
    }
    case 'image': {
      // The studio's image of a model in a finish the model is made in; the published one is not in the
      // index (catalogue_images): a drafted image is shown as new.
      const [model, finish] = splitKey(key);
      return (index.articlesByModel.get(model) ?? []).some((article) => article.finish === finish) ? null : undefined;
    }
  }
}

export function termsOf(article: AdminArticleRow): AdminArticleTerms {
  return { moq: article.moq, leadtime: article.leadtime.map((step) => ({ from: step.from, weeks: step.weeks })) };
}

export function preconfigValueOf(preconfig: PreconfigData): AdminPreconfigValue {
  return {
    subFamilyId: preconfig.subFamilyId,
    name: preconfig.name,
    description: preconfig.description,
    visibility: preconfig.visibility,
    order: (preconfig as PreconfigData & { order?: number }).order ?? 0,
    lines: preconfig.lines.map((line) => ({ reference: line.reference, quantity: line.quantity, ...(line.pendantHeight !== undefined ? { pendantHeight: line.pendantHeight } : {}) })),
  };
}

/** '120.5' and '120.50' are the same price. */
export function normaliseAmount(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${String(Number(whole))}.${(fraction + '00').slice(0, 2)}`;
}

/** A draft laid over the published catalogue. */
export interface DraftView {
  index: CatalogueIndex;
  changes: Map<string, ChangeRow>;
  value(kind: DraftKind, key: string): unknown;
  articleActive(article: AdminArticleRow): boolean;
  /** The rule sets of a collection with the draft's rules (optionally one more, or one replaced, under `extra`). */
  rulesOf(subFamilyId: number, extra?: { key: string; value: AdminRuleValue | null }): RuleSet[];
}

export const changeId = (kind: string, key: string) => `${kind}\u0000${key}`;

export function draftView(index: CatalogueIndex, rows: readonly ChangeRow[]): DraftView {
  const changes = new Map(rows.map((row) => [changeId(row.kind, row.key), row]));
  const value = (kind: DraftKind, key: string): unknown => {
    const change = changes.get(changeId(kind, key));
    return change ? change.value : publishedValue(index, kind, key);
  };
  return {
    index,
    changes,
    value,
    articleActive(article) {
      const finish = changes.get(changeId('finish', `${article.model}|${article.finish}`))?.value as { active: boolean } | undefined;
      if (finish?.active === false) return false;
      const own = changes.get(changeId('article', article.reference))?.value as { active: boolean } | undefined;
      if (own) return own.active;
      return finish?.active === true ? true : article.active;
    },
    rulesOf(subFamilyId, extra) {
      const keys = new Set<string>();
      for (const key of index.ruleByKey.keys()) if (key.startsWith(`${subFamilyId}|`)) keys.add(key);
      for (const row of rows) if (row.kind === 'rule' && row.key.startsWith(`${subFamilyId}|`)) keys.add(row.key);
      if (extra) keys.add(extra.key);
      const sets: RuleSet[] = [...(index.published.shippedRules.get(subFamilyId) ?? [])];
      for (const key of [...keys].sort()) {
        const rule = extra && extra.key === key ? extra.value : (value('rule', key) as AdminRuleValue | null | undefined);
        if (rule) sets.push(ruleSetOf(key, rule));
      }
      return sets;
    },
  };
}

/** added, changed or retired, by the values before and after. */
export function changeKind(before: unknown, after: unknown): 'added' | 'changed' | 'retired' {
  if (before === null || before === undefined) return 'added';
  if (after === null || (typeof after === 'object' && after !== null && (after as { active?: unknown }).active === false)) return 'retired';
  return 'changed';
}

function attributesOf(article: AdminArticleRow) {
  return { finish: article.finish, ledColourTemp: article.ledColourTemp ?? '', control: article.control ?? '', installation: article.installation ?? '' };
}

/** Whether an active article of the model is still let through by the rules (in the draft). */
export function modelHasValidArticle(view: DraftView, model: AdminModelRow, rules?: RuleSet[]): boolean {
  const sets = rules ?? view.rulesOf(model.subFamilyId);
  return (view.index.articlesByModel.get(model.model) ?? []).some((article) => view.articleActive(article) && combinationAllowed(sets, model.model, attributesOf(article)));
}

/**
 * What stops the draft from being published (issue 31 §2): references that do not parse, prices
 * missing or not positive for a rate, texts missing in a language, a model left with no active
 * article or no valid configuration, a base article retired, preconfigurations naming articles that
 * cannot be ordered.
 */
export function draftProblems(view: DraftView): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const { index } = view;
  const touchedModels = new Set<string>();
  const touchedCollections = new Set<number>();
  for (const row of view.changes.values()) {
    const kind = row.kind as DraftKind;
    const value = row.value;
    if (publishedValue(index, kind, row.key) === undefined) {
      problems.push({ code: 'unknownEntity', kind, key: row.key, detail: row.key });
      continue;
    }
    if (kind === 'price') {
      const salePrice = (value as { salePrice?: string } | null)?.salePrice;
      if (!salePrice || Number(salePrice) <= 0) problems.push({ code: 'price', kind, key: row.key, detail: salePrice ?? '' });
      const article = index.articleByReference.get(splitKey(row.key)[0]);
      if (article) touchedModels.add(article.model);
    } else if (kind === 'terms') {
      if (!tryParseReference(row.key)) problems.push({ code: 'reference', kind, key: row.key, detail: row.key });
    } else if (kind === 'article') {
      if (!tryParseReference(row.key)) problems.push({ code: 'reference', kind, key: row.key, detail: row.key });
      const article = index.articleByReference.get(row.key);
      if (article) touchedModels.add(article.model);
    } else if (kind === 'finish') {
      touchedModels.add(splitKey(row.key)[0]);
    } else if (kind === 'modelName') {
      const name = (value as { name?: Record<string, string> } | null)?.name ?? {};
      const missing = LANGS.filter((lang) => !name[lang]?.trim());
      if (missing.length > 0) problems.push({ code: 'translation', kind, key: row.key, detail: missing.join(', ') });
    } else if (kind === 'rule') {
      touchedCollections.add(Number(splitKey(row.key)[0]));
      const rule = value as AdminRuleValue | null;
      if (rule) {
        const missing = LANGS.filter((lang) => !rule.reasons[lang]?.trim());
        if (missing.length > 0) problems.push({ code: 'translation', kind, key: row.key, detail: missing.join(', ') });
      }
    } else if (kind === 'preconfig') {
      const preconfig = value as AdminPreconfigValue | null;
      if (!preconfig) continue;
      const missing = LANGS.filter((lang) => !preconfig.description[lang]?.trim());
      if (missing.length > 0) problems.push({ code: 'translation', kind, key: row.key, detail: missing.join(', ') });
      for (const line of preconfig.lines) {
        const article = index.articleByReference.get(line.reference.toUpperCase());
        const model = article ? index.modelByCode.get(article.model) : undefined;
        if (!article || !model || !view.articleActive(article) || !combinationAllowed(view.rulesOf(model.subFamilyId), model.model, attributesOf(article))) {
          problems.push({ code: 'preconfigReference', kind, key: row.key, detail: line.reference });
        }
      }
    }
  }
  for (const model of index.published.models) {
    if (!touchedModels.has(model.model) && !touchedCollections.has(model.subFamilyId)) continue;
    const base = index.baseByModel.get(model.model);
    if (!base || !index.published.articles.some((article) => article.model === model.model && article.active)) continue;
    if (!view.articleActive(base)) {
      problems.push({ code: 'noActiveArticle', kind: 'finish', key: `${model.model}|${base.finish}`, detail: base.reference });
      continue;
    }
    if (!modelHasValidArticle(view, model)) problems.push({ code: 'noValidConfiguration', kind: touchedCollections.has(model.subFamilyId) ? 'rule' : 'article', key: model.model, detail: model.model });
    for (const rateId of index.rateIds) {
      const price = view.value('price', `${base.reference}|${rateId}`) as { salePrice: string } | null | undefined;
      if (!price) problems.push({ code: 'price', kind: 'price', key: `${base.reference}|${rateId}`, detail: 'missing' });
    }
  }
  return problems;
}
