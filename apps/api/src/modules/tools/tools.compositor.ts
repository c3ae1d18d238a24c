import { randomUUID } from 'node:crypto';
import type { CatalogId, CompositorCollections, JsonObject, CompositorPreconfigBody, CompositorPreconfigSaved, Lang } from '@lumen/contracts';
import { AppError } from '../../errors';
import type { Principal } from '../../http/access-guard';
import type { FlagsService } from '../flags/flags.service';
import type { ProductAdminService } from '../product-admin/product-admin.service';
import type { ProductsService } from '../products/products.service';

/** Crea collections: the crea configurator's (1) and composing pendants (product type 7, the compositor's 5). */
const isCrea = (collection: { configuratorType: { id: number }; productType: { id: number } }) => collection.configuratorType.id === 1 || collection.productType.id === 7;

/**
 * The flags that decide whether a user may compose in a collection for an application (configuration-domain
 * §6: per e-mail, subfamily and application, by remote configuration), most specific first: the first one
 * the flag table (or the remote service) knows answers, each by its e-mail toggles and rollout.
 */
export function compositorFlagKeys(subFamilyId: number, applicationLocationId: number): string[] {
  return [`compositor_${subFamilyId}_${applicationLocationId}`, `compositor_${subFamilyId}`, 'compositor'];
}

export interface CompositorDeps {
  products: Pick<ProductsService, 'collections' | 'models' | 'evaluateCreation'>;
  productAdmin: Pick<ProductAdminService, 'save'>;
  flags: Pick<FlagsService, 'firstKnown'>;
}

/**
 * The compositor (issue 32 §2): the crea collections of a catalogue with, for each application, whether
 * the caller may compose there; and a composition saved as a preconfiguration into the catalogue's draft
 * (product administration), which a product manager publishes. The server decides both by the flags.
 */
export function createCompositor(deps: CompositorDeps) {
  async function allowed(principal: Principal, subFamilyId: number, applicationLocationId: number): Promise<boolean> {
    const answer = await deps.flags.firstKnown(principal, compositorFlagKeys(subFamilyId, applicationLocationId), { subFamilyId, applicationLocationId });
    return answer?.value ?? false;
  }

  return {
    async collections(principal: Principal, catalogId: CatalogId, lang: Lang): Promise<CompositorCollections> {
      const collections = (await deps.products.collections(principal, { catalogId, lang, images: false })).filter(isCrea);
      return {
        catalogId,
        collections: await Promise.all(
          collections.map(async (collection) => ({
            subFamilyId: collection.subFamilyId,
            name: collection.name,
            configuratorTypeId: collection.configuratorType.id,
            models: (await deps.products.models(principal, { catalogId, subFamilyId: collection.subFamilyId, lang })).filter((model) => !model.virtual).map((model) => model.model),
            applications: await Promise.all(
              collection.applicationLocations.map(async (location) => ({
                applicationLocationId: location.id,
                description: location.description,
                allowed: await allowed(principal, collection.subFamilyId, location.id),
              })),
            ),
          })),
        ),
      };
    },

    /**
     * Checks the flags (403 COMPOSITOR_OFF), the collection and application (404), rebuilds the space with
     * the engine (400 with its failures when the composition is not valid) and writes the preconfiguration
     * into the draft: its lines are the articles the engine made of it, its space the engine's.
     */
    async savePreconfig(principal: Principal, body: CompositorPreconfigBody, lang: Lang): Promise<CompositorPreconfigSaved> {
      const collection = (await deps.products.collections(principal, { catalogId: body.catalogId, lang, images: false })).find((item) => item.subFamilyId === body.subFamilyId && isCrea(item));
      if (!collection) throw new AppError('NOT_FOUND', `No crea collection ${body.subFamilyId} in catalogue ${body.catalogId}`, [{ path: 'body.subFamilyId', message: 'tools.compositor.error.collection' }]);
      if (!collection.applicationLocations.some((location) => location.id === body.applicationLocationId)) {
        throw new AppError('NOT_FOUND', `No application ${body.applicationLocationId} in collection ${body.subFamilyId}`, [{ path: 'body.applicationLocationId', message: 'tools.compositor.error.application' }]);
      }
      if (!(await allowed(principal, body.subFamilyId, body.applicationLocationId))) {
        throw new AppError('FORBIDDEN', 'The compositor is not enabled for you in this collection and application', [{ path: 'body.subFamilyId', message: 'tools.compositor.error.off' }]);
      }
      const evaluation = await deps.products.evaluateCreation(principal, { space: body.space, catalogId: body.catalogId, subFamilyId: body.subFamilyId, quantity: 1, lang });
      if (!evaluation.valid) {
        throw new AppError(
          'VALIDATION_FAILED',
          'The composition is not valid',
          evaluation.failures.map((failure) => ({ path: 'body.space', message: failure.message })),
        );
      }
      const byLine = new Map<string, { reference: string; quantity: number; pendantHeight?: number }>();
      for (const article of evaluation.compositions.flatMap((composition) => composition.articles)) {
        const height = article.attributes.pendantHeight;
        const pendantHeight = height !== null && Number.isInteger(height) && height >= 1 ? height : undefined;
        const key = `${article.referenceCode}|${pendantHeight ?? ''}`;
        const line = byLine.get(key) ?? { reference: article.referenceCode, quantity: 0, ...(pendantHeight !== undefined ? { pendantHeight } : {}) };
        line.quantity += article.quantity;
        byLine.set(key, line);
      }
      const lines = [...byLine.values()];
      if (lines.length === 0) throw new AppError('VALIDATION_FAILED', 'The composition holds no luminaire', [{ path: 'body.space', message: 'tools.compositor.error.empty' }]);
      if (lines.length > 50) throw new AppError('VALIDATION_FAILED', 'A preconfiguration holds at most 50 lines', [{ path: 'body.space', message: 'tools.compositor.error.tooMany' }]);
      const key = `new-c${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      await deps.productAdmin.save(principal, body.catalogId, {
        kind: 'preconfig',
        key,
        value: { subFamilyId: body.subFamilyId, name: body.name, description: body.description, visibility: body.visibility, order: 0, lines, space: evaluation.space as JsonObject },
        expectedRevision: 0,
      });
      return { catalogId: body.catalogId, key, lines };
    },
  };
}

export type Compositor = ReturnType<typeof createCompositor>;
