import type { AdminArticleTerms, AdminCatalogue, AdminModel, AdminModelsPage, AdminModelsQuery, CatalogId, Lang } from '@lumen/contracts';
import { descriptionIn } from '@lumen/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import * as repo from './product-admin.repository';
import { changeId, type DraftView, draftView, indexCatalogue, splitKey, termsOf } from './product-admin.state';

/** The catalogue and its draft, read together. */
export async function loadDraftView(db: DbOrTx, catalogId: CatalogId): Promise<DraftView> {
  const [published, changes] = await Promise.all([repo.loadPublished(db, catalogId), repo.listChanges(db, catalogId)]);
  if (!published) throw new AppError('NOT_FOUND', `No catalogue ${catalogId}`);
  return draftView(indexCatalogue(published), changes);
}

/** The catalogues' home (issue 31 §1): each catalogue's version, rates, collections and draft size. */
export async function listCatalogues(db: DbOrTx, lang: Lang): Promise<AdminCatalogue[]> {
  const out: AdminCatalogue[] = [];
  for (const catalogId of [16, 21] as const) {
    const [published, version, draftChanges, restorable] = await Promise.all([
      repo.loadPublished(db, catalogId),
      repo.findVersion(db, catalogId),
      repo.countChanges(db, catalogId),
      repo.lastRestorable(db, catalogId),
    ]);
    if (!published) continue;
    out.push({
      id: catalogId,
      name: published.name,
      currency: published.currency,
      version: version.version,
      publishedAt: version.publishedAt?.toISOString() ?? null,
      publishedBy: version.publishedBy,
      rates: published.rates,
      collections: published.collections.map((collection) => ({ subFamilyId: collection.subFamilyId, name: collection.data.name, configuratorType: collection.data.configuratorType.description })),
      draftChanges,
      canRestore: restorable !== undefined,
    });
  }
  void lang;
  return out;
}

function drafted<T>(view: DraftView, kind: 'price' | 'article' | 'terms' | 'finish' | 'modelName', key: string, pick: (value: unknown) => T | null): { draft: T | null; revision: number } {
  const change = view.changes.get(changeId(kind, key));
  return { draft: change ? pick(change.value) : null, revision: change?.revision ?? 0 };
}

/**
 * Models of a catalogue with their prices per rate, finishes and (for one model, or the articles a
 * reference search found) their articles, the draft beside the published values. Search by
 * reference, model code or name (any language); filter by collection and status.
 */
export function listModels(view: DraftView, query: AdminModelsQuery & { model?: string | undefined }, lang: Lang): AdminModelsPage {
  const { index } = view;
  const search = query.search?.trim().toLowerCase() ?? '';
  const touched = new Set<string>();
  for (const row of view.changes.values()) {
    if (row.kind === 'modelName') touched.add(row.key);
    else if (row.kind === 'finish') touched.add(splitKey(row.key)[0]);
    else if (row.kind === 'article' || row.kind === 'terms') {
      const article = index.articleByReference.get(row.key);
      if (article) touched.add(article.model);
    } else if (row.kind === 'price') {
      const article = index.articleByReference.get(splitKey(row.key)[0]);
      if (article) touched.add(article.model);
    }
  }
  const collectionName = new Map(index.published.collections.map((collection) => [collection.subFamilyId, collection.data.name]));
  const finishName = new Map(index.published.attributes.finish.map((finish) => [finish.code, finish.description]));
  const matches: Array<{ model: (typeof index.published.models)[number]; references: string[] | null }> = [];
  for (const model of index.published.models) {
    if (query.model !== undefined && model.model !== query.model.toUpperCase()) continue;
    if (query.subFamilyId !== undefined && model.subFamilyId !== query.subFamilyId) continue;
    const base = index.baseByModel.get(model.model);
    const active = model.active && base !== undefined && view.articleActive(base);
    const status = touched.has(model.model) ? 'draft' : active ? 'active' : 'discontinued';
    if (query.status !== undefined && status !== query.status) continue;
    let references: string[] | null = null;
    if (search) {
      const names = Object.values(model.data.description).some((text) => text.toLowerCase().includes(search));
      const byModel = model.model.toLowerCase().includes(search) || names || (collectionName.get(model.subFamilyId) ?? '').toLowerCase().includes(search);
      if (!byModel) {
        references = (index.articlesByModel.get(model.model) ?? []).filter((article) => article.reference.toLowerCase().includes(search)).map((article) => article.reference);
        if (references.length === 0) continue;
      }
    }
    matches.push({ model, references });
  }
  const start = (query.page - 1) * query.limit;
  const items: AdminModel[] = matches.slice(start, start + query.limit).map(({ model, references }) => {
    const base = index.baseByModel.get(model.model);
    const articles = index.articlesByModel.get(model.model) ?? [];
    const finishes = [...new Set(articles.map((article) => article.finish))];
    const shownArticles = query.model !== undefined ? articles : references ? articles.filter((article) => references.includes(article.reference)) : [];
    const base_ = base ? view.articleActive(base) : false;
    return {
      model: model.model,
      subFamilyId: model.subFamilyId,
      collectionName: collectionName.get(model.subFamilyId) ?? '',
      name: model.data.description,
      nameState: drafted(view, 'modelName', model.model, (value) => (value as { name: Record<string, string> } | null)?.name ?? null),
      status: touched.has(model.model) ? 'draft' : model.active && base_ ? 'active' : 'discontinued',
      priceReference: base?.reference ?? null,
      prices: index.published.rates.map((rate) => {
        const key = `${base?.reference ?? ''}|${rate.id}`;
        return {
          rateId: rate.id,
          salePrice: base ? (index.prices.get(`${base.reference}|${rate.id}`) ?? null) : null,
          state: drafted(view, 'price', key, (value) => (value as { salePrice: string } | null)?.salePrice ?? null),
        };
      }),
      finishes: finishes.map((code) => {
        const ofFinish = articles.filter((article) => article.finish === code);
        return {
          code,
          name: descriptionIn(finishName.get(code) ?? {}, lang) || code,
          active: ofFinish.some((article) => article.active),
          state: drafted(view, 'finish', `${model.model}|${code}`, (value) => (value as { active: boolean } | null)?.active ?? null),
        };
      }),
      articles: shownArticles.map((article) => ({
        reference: article.reference,
        finish: article.finish,
        ledColourTemp: article.ledColourTemp,
        control: article.control,
        installation: article.installation,
        active: article.active,
        state: drafted(view, 'article', article.reference, (value) => (value as { active: boolean } | null)?.active ?? null),
        terms: termsOf(article),
        termsState: drafted(view, 'terms', article.reference, (value) => (value as AdminArticleTerms | null) ?? null),
      })),
    };
  });
  return { items, total: matches.length, page: query.page, limit: query.limit };
}
