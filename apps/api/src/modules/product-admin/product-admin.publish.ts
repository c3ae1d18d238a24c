import type { AdminArticleTerms, AdminPreconfigValue, AdminRuleValue, CatalogId, DraftKind, PublishResult, StudioDraftImage } from '@lumen/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { ModelData, PreconfigData, VariationData } from '../../db/seed/catalogue/catalogue-data.types';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import { auditWho, recordAudits } from '../../lib/audit';
import { loadDraftView } from './product-admin.catalogue';
import { publishedImage, writePublishedImage } from './product-admin.images';
import * as repo from './product-admin.repository';
import { type CatalogueIndex, type DraftView, draftProblems, indexCatalogue, ruleSetOf, splitKey, termsOf } from './product-admin.state';

/** The order changes are applied in: a finish before its articles, so an article's own change refines its finish's. */
const ORDER: readonly DraftKind[] = ['price', 'modelName', 'finish', 'article', 'terms', 'rule', 'preconfig', 'image'];

interface FinishState {
  active: boolean;
  /** The articles of the model in that finish that were active. */
  articles: string[];
  variations: VariationData[];
}

function finishState(index: CatalogueIndex, model: string, finish: string): FinishState {
  const articles = (index.articlesByModel.get(model) ?? []).filter((article) => article.finish === finish);
  return {
    active: articles.some((article) => article.active),
    articles: articles.filter((article) => article.active).map((article) => article.reference),
    variations: index.published.colourVariations.filter((variation) => variation.model === model && variation.modifier === finish),
  };
}

/** The value of an entity as a publication records it (enough to put it back). */
function recordedValue(index: CatalogueIndex, kind: DraftKind, key: string): unknown {
  switch (kind) {
    case 'price': {
      const salePrice = index.prices.get(key);
      return salePrice === undefined ? null : { salePrice };
    }
    case 'article':
      return { active: index.articleByReference.get(key)?.active ?? false };
    case 'terms': {
      const article = index.articleByReference.get(key);
      return article ? termsOf(article) : null;
    }
    case 'finish': {
      const [model, finish] = splitKey(key);
      return finishState(index, model, finish);
    }
    case 'modelName':
      return { name: index.modelByCode.get(key)?.data.description ?? {} };
    case 'rule':
      return index.ruleByKey.get(key) ?? null;
    case 'preconfig': {
      const preconfig = /^\d+$/.test(key) ? index.preconfigById.get(Number(key)) : undefined;
      return preconfig ?? null;
    }
    case 'image':
      // Not in the index: read from catalogue_images by recorded() below.
      return null;
  }
}

/** The value of an entity as a publication records it, the studio's images read from their table. */
async function recorded(tx: DbOrTx, index: CatalogueIndex, catalogId: CatalogId, kind: DraftKind, key: string): Promise<unknown> {
  return kind === 'image' ? publishedImage(tx, catalogId, key) : recordedValue(index, kind, key);
}

/** Writes one entity's value into the published catalogue (a draft's value, or a recorded one on restore). */
async function apply(tx: DbOrTx, index: CatalogueIndex, catalogId: CatalogId, kind: DraftKind, key: string, value: unknown): Promise<unknown> {
  switch (kind) {
    case 'price': {
      const [reference, rateId] = splitKey(key);
      await repo.writePrice(tx, catalogId, reference, Number(rateId), (value as { salePrice: string } | null)?.salePrice ?? null);
      return value;
    }
    case 'article':
      await repo.writeArticlesActive(tx, catalogId, [key], (value as { active: boolean }).active);
      return value;
    case 'terms':
      if (value) await repo.writeArticleTerms(tx, catalogId, key, value as AdminArticleTerms);
      return value;
    case 'finish': {
      const [model, finish] = splitKey(key);
      const all = (index.articlesByModel.get(model) ?? []).filter((article) => article.finish === finish).map((article) => article.reference);
      const state = value as Partial<FinishState> & { active: boolean };
      if (state.articles) {
        // A recorded state: exactly these articles active, these variations.
        await repo.writeArticlesActive(tx, catalogId, all, false);
        await repo.writeArticlesActive(tx, catalogId, state.articles, true);
        await repo.deleteColourVariations(tx, catalogId, model, finish);
        await repo.insertVariations(tx, state.variations ?? []);
        return state;
      }
      await repo.writeArticlesActive(tx, catalogId, all, state.active);
      // A retired finish leaves the configurators' options; its variations come back on restore.
      if (!state.active) await repo.deleteColourVariations(tx, catalogId, model, finish);
      return { active: state.active, articles: state.active ? all : [], variations: state.active ? finishState(index, model, finish).variations : [] };
    }
    case 'modelName': {
      const model = index.modelByCode.get(key);
      if (!model) return value;
      const data: ModelData = { ...model.data, description: (value as { name: ModelData['description'] }).name };
      await repo.writeModelData(tx, catalogId, key, data);
      return value;
    }
    case 'rule': {
      const [subFamilyId, ruleId] = splitKey(key);
      const rule = value as AdminRuleValue | null;
      await repo.writeRuleSet(tx, catalogId, Number(subFamilyId), ruleId, rule ? ruleSetOf(key, rule) : null);
      return value;
    }
    case 'preconfig': {
      const given = value as (AdminPreconfigValue & { id?: number }) | PreconfigData | null;
      if (given === null) {
        if (/^\d+$/.test(key)) await repo.writePreconfig(tx, Number(key), null);
        return null;
      }
      if ('catalogId' in given) {
        // A recorded preconfiguration (restore).
        await repo.writePreconfig(tx, given.id, given);
        return given;
      }
      const id = /^\d+$/.test(key) ? Number(key) : await repo.nextPreconfigId(tx);
      const collection = index.published.collections.find((row) => row.subFamilyId === given.subFamilyId);
      const lines = given.lines.map((line) => {
        const article = index.articleByReference.get(line.reference.toUpperCase());
        return { reference: line.reference.toUpperCase(), model: article?.model ?? line.reference.slice(0, 4), quantity: line.quantity, ...(line.pendantHeight !== undefined ? { pendantHeight: line.pendantHeight } : {}) };
      });
      const firstModel = index.modelByCode.get(lines[0]?.model ?? '');
      const data: PreconfigData & { order: number } = {
        id,
        catalogId,
        subFamilyId: given.subFamilyId,
        familyId: collection?.data.familyId ?? 0,
        applicationLocationId: firstModel?.data.applicationLocationId ?? 0,
        visibility: given.visibility,
        name: given.name,
        description: given.description,
        configuratorTypeId: collection?.data.configuratorType.id ?? 0,
        lines,
        // A composition of the compositor keeps its space (the crea room opens it ready); an edited one keeps the space it had.
        domainJSON: given.space ?? (/^\d+$/.test(key) ? index.preconfigById.get(Number(key))?.domainJSON : null) ?? null,
        order: given.order,
      };
      await repo.writePreconfig(tx, id, data);
      return data;
    }
    case 'image':
      await writePublishedImage(tx, catalogId, key, (value as StudioDraftImage | null) ?? null, new Date());
      return value;
  }
}

/**
 * Writes every change of the draft into the catalogue's tables, in ORDER, and returns each entity's
 * before and after. The publication commits it; the draft's preview (product-admin.preview) rolls it back.
 */
export async function applyDraft(tx: DbOrTx, view: DraftView, catalogId: CatalogId): Promise<repo.PublishedChange[]> {
  const rows = [...view.changes.values()].sort((a, b) => ORDER.indexOf(a.kind as DraftKind) - ORDER.indexOf(b.kind as DraftKind));
  const changes: repo.PublishedChange[] = [];
  for (const row of rows) {
    const kind = row.kind as DraftKind;
    const before = await recorded(tx, view.index, catalogId, kind, row.key);
    const after = await apply(tx, view.index, catalogId, kind, row.key, row.value);
    changes.push({ kind, key: row.key, before, after });
  }
  return changes;
}

/** Publishing and restoring (issue 31 §2): one transaction each, the catalogue's version moves, the caches drop what they hold. */
export function createPublishUseCases(ctx: AppContext, deps: { onPublished: () => void }) {
  const { db } = ctx;

  return {
    /**
     * Publishes the draft when the caller saw version `expectedVersion` (409 otherwise) and nothing
     * in it breaks the catalogue (400 with every problem otherwise): every change is written, the
     * draft is emptied, the version moves and the publication keeps each entity's before and after.
     */
    async publish(principal: Principal, catalogId: CatalogId, expectedVersion: number): Promise<PublishResult> {
      const result = await db.transaction(async (tx) => {
        const locked = await repo.lockVersion(tx, catalogId);
        if (locked.version !== expectedVersion) throw new AppError('CONFLICT', `The catalogue is at version ${locked.version} now`, [{ path: 'body.expectedVersion', message: String(locked.version) }]);
        const view = await loadDraftView(tx, catalogId);
        if (view.changes.size === 0) throw new AppError('VALIDATION_FAILED', 'The draft has no changes', [{ path: 'draft', message: 'productAdmin.error.emptyDraft' }]);
        const problems = draftProblems(view);
        if (problems.length > 0) {
          throw new AppError(
            'VALIDATION_FAILED',
            'The draft cannot be published',
            problems.map((problem) => ({ path: `draft.${problem.kind}.${problem.key}`, message: `productAdmin.problem.${problem.code}|${problem.detail}` })),
          );
        }
        const changes = await applyDraft(tx, view, catalogId);
        const version = locked.version + 1;
        const at = ctx.clock();
        await repo.setVersion(tx, catalogId, version, at, principal.name);
        await repo.insertPublication(tx, { catalogId, version, action: 'publish', changes, publishedById: principal.userId, publishedBy: principal.name, publishedAt: at });
        await repo.clearChanges(tx, catalogId);
        const who = auditWho(principal);
        await recordAudits(tx, [
          { ...who, entity: 'catalogue', entityId: catalogId, action: 'publish', before: { version: locked.version }, after: { version, changes: changes.length } },
          ...changes.map((change) => ({ ...who, entity: 'catalogue' as const, entityId: `${catalogId}:${change.kind}:${change.key}`, action: 'publish', before: change.before, after: change.after })),
        ]);
        return { version, changes: changes.length };
      });
      deps.onPublished();
      return result;
    },

    /** Puts back what the newest publication changed, in one transaction; the version moves again. */
    async restore(principal: Principal, catalogId: CatalogId, expectedVersion: number): Promise<PublishResult> {
      const result = await db.transaction(async (tx) => {
        const locked = await repo.lockVersion(tx, catalogId);
        if (locked.version !== expectedVersion) throw new AppError('CONFLICT', `The catalogue is at version ${locked.version} now`, [{ path: 'body.expectedVersion', message: String(locked.version) }]);
        const last = await repo.lastRestorable(tx, catalogId);
        if (!last) throw new AppError('CONFLICT', 'No publication to undo', [{ path: 'body.expectedVersion', message: 'productAdmin.error.nothingToRestore' }]);
        const published = await repo.loadPublished(tx, catalogId);
        if (!published) throw new AppError('NOT_FOUND', `No catalogue ${catalogId}`);
        const index = indexCatalogue(published);
        const changes: repo.PublishedChange[] = [];
        for (const change of [...last.changes].reverse()) {
          const kind = change.kind as DraftKind;
          const added = change.after !== null && typeof change.after === 'object' && 'id' in change.after ? (change.after as { id: number }).id : undefined;
          if (kind === 'preconfig' && change.before === null && added !== undefined) {
            // A preconfiguration the publication added goes away.
            await repo.writePreconfig(tx, added, null);
            changes.push({ kind, key: change.key, before: change.after, after: null });
            continue;
          }
          const before = await recorded(tx, index, catalogId, kind, change.key);
          const after = await apply(tx, index, catalogId, kind, change.key, change.before);
          changes.push({ kind, key: change.key, before, after });
        }
        const version = locked.version + 1;
        const at = ctx.clock();
        await repo.setVersion(tx, catalogId, version, at, principal.name);
        await repo.markRestored(tx, last.id);
        await repo.insertPublication(tx, { catalogId, version, action: 'restore', changes, publishedById: principal.userId, publishedBy: principal.name, publishedAt: at });
        await recordAudits(tx, [{ ...auditWho(principal), entity: 'catalogue', entityId: catalogId, action: 'restore', before: { version: locked.version }, after: { version, restoredVersion: last.version - 1 } }]);
        return { version, changes: changes.length };
      });
      deps.onPublished();
      return result;
    },
  };
}
