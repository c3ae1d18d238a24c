import type { BulkPriceBody, CatalogId, CatalogueDraft, DraftChange, DraftChangeBody, DraftKind } from '@lumen/contracts';
import { round2, toDecimal } from '@lumen/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import { auditWho, recordAudit, recordAudits } from '../../lib/audit';
import { loadDraftView } from './product-admin.catalogue';
import * as repo from './product-admin.repository';
import { changeKind, draftProblems, type DraftView, normaliseAmount, publishedValue } from './product-admin.state';

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function toWire(view: DraftView, row: repo.ChangeRow): DraftChange {
  const before = publishedValue(view.index, row.kind as DraftKind, row.key) ?? null;
  return {
    kind: row.kind as DraftKind,
    key: row.key,
    change: changeKind(before, row.value),
    before,
    after: row.value,
    revision: row.revision,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The 409 of a save that lost the race: what the other person saved, so the screen can show it. */
function conflict(view: DraftView | null, current: repo.ChangeRow | undefined, kind: string, key: string): AppError {
  const shown = current
    ? { kind: current.kind, key: current.key, after: current.value, revision: current.revision, updatedBy: current.updatedBy, updatedAt: current.updatedAt.toISOString() }
    : { kind, key, after: view ? (publishedValue(view.index, kind as DraftKind, key) ?? null) : null, revision: 0, updatedBy: '', updatedAt: '' };
  return new AppError('CONFLICT', current ? `Changed meanwhile by ${current.updatedBy}` : 'Changed meanwhile: the change was discarded', [{ path: 'body.expectedRevision', message: JSON.stringify(shown) }]);
}

/** Draft use cases (issue 31 §2, §5): every edit goes to the catalogue's draft, one entity at a time, with optimistic concurrency. */
export function createDraftUseCases(ctx: AppContext) {
  const { db } = ctx;

  function normalised(body: DraftChangeBody): unknown {
    if (body.kind === 'price') return { salePrice: normaliseAmount(body.value.salePrice) };
    if (body.kind === 'article' || body.kind === 'preconfig' || body.kind === 'rule') return body.value === null ? null : body.value;
    if (body.kind === 'finish' || body.kind === 'modelName' || body.kind === 'terms' || body.kind === 'image') return body.value;
    return null;
  }

  return {
    async draft(catalogId: CatalogId): Promise<CatalogueDraft> {
      const [view, version] = await Promise.all([loadDraftView(db, catalogId), repo.findVersion(db, catalogId)]);
      return { catalogId, version: version.version, changes: [...view.changes.values()].map((row) => toWire(view, row)), problems: draftProblems(view) };
    },

    /**
     * Saves one entity's change into the draft when the caller read it at `expectedRevision`
     * (409 with the other change otherwise). A value equal to the published one takes the entity
     * out of the draft. Audited with before and after.
     */
    async save(principal: Principal, catalogId: CatalogId, body: DraftChangeBody): Promise<DraftChange | null> {
      const view = await loadDraftView(db, catalogId);
      const key = body.kind === 'article' || body.kind === 'terms' ? body.key.toUpperCase() : body.key;
      const published = publishedValue(view.index, body.kind, key);
      if (published === undefined) throw new AppError('NOT_FOUND', `No ${body.kind} ${key} in catalogue ${catalogId}`, [{ path: 'body.key', message: 'productAdmin.error.unknownEntity' }]);
      if (body.kind === 'rule' && body.value && body.value.subFamilyId !== Number(key.split('|')[0])) {
        throw new AppError('VALIDATION_FAILED', 'The rule’s collection is not its key’s', [{ path: 'body.value.subFamilyId', message: 'productAdmin.error.collection' }]);
      }
      if (body.kind === 'preconfig' && body.value && !view.index.collectionIds.has(body.value.subFamilyId)) {
        throw new AppError('VALIDATION_FAILED', 'No such collection in this catalogue', [{ path: 'body.value.subFamilyId', message: 'productAdmin.error.collection' }]);
      }
      const value = normalised(body);
      return db.transaction(async (tx) => {
        const current = await repo.findChange(tx, catalogId, body.kind, key);
        if ((current?.revision ?? 0) !== body.expectedRevision) throw conflict(view, current, body.kind, key);
        const before = current ? current.value : published;
        const who = auditWho(principal);
        const entityId = `${catalogId}:${body.kind}:${key}`;
        if (same(value, published)) {
          // Back to what is published: the entity leaves the draft.
          if (current && !(await repo.deleteChange(tx, catalogId, body.kind, key, body.expectedRevision))) throw conflict(view, await repo.findChange(tx, catalogId, body.kind, key), body.kind, key);
          if (current) await recordAudit(tx, { ...who, entity: 'catalogue_draft', entityId, action: 'update', before, after: value });
          return null;
        }
        const written = await repo.writeChange(tx, { catalogId, kind: body.kind, key, value, expectedRevision: body.expectedRevision, updatedById: principal.userId, updatedBy: principal.name, at: ctx.clock() });
        if (!written) throw conflict(view, await repo.findChange(tx, catalogId, body.kind, key), body.kind, key);
        await recordAudit(tx, { ...who, entity: 'catalogue_draft', entityId, action: current ? 'update' : 'create', before, after: value });
        return toWire(view, written);
      });
    },

    /** Takes an entity out of the draft (back to the published value). */
    async discard(principal: Principal, catalogId: CatalogId, query: { kind: DraftKind; key: string; expectedRevision: number }): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await repo.findChange(tx, catalogId, query.kind, query.key);
        if (!current) throw new AppError('NOT_FOUND', 'No such change in the draft');
        if (!(await repo.deleteChange(tx, catalogId, query.kind, query.key, query.expectedRevision))) throw conflict(null, current, query.kind, query.key);
        await recordAudit(tx, { ...auditWho(principal), entity: 'catalogue_draft', entityId: `${catalogId}:${query.kind}:${query.key}`, action: 'delete', before: current.value, after: null });
      });
    },

    /**
     * A price change by percentage over the prices in scope (a collection, a model, a rate; all by
     * default), from the draft's prices: new = old × (1 + percent/100), rounded half away from zero to
     * 2 decimals. One transaction; every price written is audited.
     */
    async bulkPrice(principal: Principal, catalogId: CatalogId, body: BulkPriceBody): Promise<{ changed: number }> {
      const view = await loadDraftView(db, catalogId);
      const { index } = view;
      if (body.rateId !== undefined && !index.rateIds.has(body.rateId)) throw new AppError('VALIDATION_FAILED', 'No such rate in this catalogue', [{ path: 'body.rateId', message: 'productAdmin.error.rate' }]);
      if (body.model !== undefined && !index.modelByCode.has(body.model.toUpperCase())) throw new AppError('VALIDATION_FAILED', 'No such model in this catalogue', [{ path: 'body.model', message: 'productAdmin.error.model' }]);
      const factor = toDecimal(1).plus(toDecimal(body.percent).dividedBy(100));
      const edits: Array<{ key: string; before: unknown; salePrice: string; revision: number }> = [];
      for (const model of index.published.models) {
        if (body.subFamilyId !== undefined && model.subFamilyId !== body.subFamilyId) continue;
        if (body.model !== undefined && model.model !== body.model.toUpperCase()) continue;
        const base = index.baseByModel.get(model.model);
        if (!base) continue;
        for (const rate of index.published.rates) {
          if (body.rateId !== undefined && rate.id !== body.rateId) continue;
          const key = `${base.reference}|${rate.id}`;
          const current = view.value('price', key) as { salePrice: string } | null | undefined;
          if (!current) continue;
          const salePrice = round2(toDecimal(current.salePrice).times(factor)).toFixed(2);
          edits.push({ key, before: current, salePrice, revision: view.changes.get(`price\u0000${key}`)?.revision ?? 0 });
        }
      }
      if (edits.length === 0) return { changed: 0 };
      await db.transaction(async (tx) => {
        for (const edit of edits) {
          const written = await repo.writeChange(tx, {
            catalogId,
            kind: 'price',
            key: edit.key,
            value: { salePrice: edit.salePrice },
            expectedRevision: edit.revision,
            updatedById: principal.userId,
            updatedBy: principal.name,
            at: ctx.clock(),
          });
          if (!written) throw conflict(view, await repo.findChange(tx, catalogId, 'price', edit.key), 'price', edit.key);
        }
        const who = auditWho(principal);
        await recordAudits(
          tx,
          edits.map((edit) => ({ ...who, entity: 'catalogue_draft' as const, entityId: `${catalogId}:price:${edit.key}`, action: 'update', before: edit.before, after: { salePrice: edit.salePrice } })),
        );
      });
      return { changed: edits.length };
    },
  };
}
