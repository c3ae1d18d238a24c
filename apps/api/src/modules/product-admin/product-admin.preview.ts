import { AsyncLocalStorage } from 'node:async_hooks';
import { hasAnyPrivilege } from '@lumen/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../http/access-guard';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isInternalEmail, type InternalUsers } from '../../lib/internal-users';
import type { DraftPreviewSource } from '../products/products.catalogue';
import { loadDraftView } from './product-admin.catalogue';
import { applyDraft } from './product-admin.publish';
import { draftSignature } from './product-admin.repository';

/**
 * "Preview the draft" (issue 31 §2): an internal user holding product.admin who turned the switch on
 * (the readable cookie PREVIEW_COOKIE, set by PUT …/product-admin/preview) reads the catalogue as it
 * will be after the next publication, in the real catalogue and configurators. Nobody else ever does:
 * the cookie alone changes nothing, the caller is checked on every request.
 *
 * How: the catalogue routes run in a scope (registerDraftPreview) that notes, per request, whether
 * the caller previews; the products service then reads its snapshot through `read`, which publishes
 * the draft inside a transaction, runs the products service's own reader and rolls everything back. The preview is
 * therefore exactly what the publication would write (one code path, `applyDraft`), and is cached by
 * the products service under the draft's signature.
 */
export const PREVIEW_COOKIE = 'draftPreview';

const scope = new AsyncLocalStorage<{ on: boolean }>();

/** Whether the request being handled reads the draft's preview. */
export function isPreviewing(): boolean {
  return scope.getStore()?.on === true;
}

/** Whether a caller may preview: an internal user (by e-mail) holding product.admin. */
export function mayPreview(internalUsers: InternalUsers, principal: { email: string; privileges: readonly string[] } | null): boolean {
  return principal !== null && hasAnyPrivilege(principal.privileges, ['product.admin']) && isInternalEmail(internalUsers, principal.email);
}

/**
 * Hooks of the scope the catalogue's routes are registered in: each request runs in its own store,
 * turned on after the access guard knows the caller; an answer read from the draft is never kept by
 * a browser or a proxy.
 */
export function registerDraftPreview(app: FastifyInstance, internalUsers: InternalUsers, callerOf: (request: FastifyRequest) => Promise<Principal | null>): void {
  app.addHook('onRequest', (_request, _reply, done) => {
    scope.run({ on: false }, done);
  });
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (request.cookies[PREVIEW_COOKIE] !== '1') return;
    const store = scope.getStore();
    // A public route reads no session: the caller is read here for this check only (request.principal stays
    // unset, so such an answer keeps carrying no prices).
    if (store && mayPreview(internalUsers, request.principal ?? (await callerOf(request)))) store.on = true;
  });
  app.addHook('onSend', async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (isPreviewing()) reply.header('cache-control', 'private, no-store');
    return payload;
  });
}

/** The switch, for this browser's session (a session cookie: the preview ends with the browser). */
export function setPreviewCookie(reply: FastifyReply, request: FastifyRequest, on: boolean): void {
  const secure = request.server.secureCookies || request.protocol === 'https';
  if (on) reply.setCookie(PREVIEW_COOKIE, '1', { path: '/', sameSite: 'lax', secure, httpOnly: false });
  else reply.clearCookie(PREVIEW_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: false });
}

class RolledBack extends Error {}

export function createDraftPreviewSource(ctx: Pick<AppContext, 'db'>): DraftPreviewSource {
  return {
    active: isPreviewing,
    signature: (catalogId) => draftSignature(ctx.db, catalogId),
    async read<T>(catalogId: Parameters<DraftPreviewSource['read']>[0], read: (db: DbOrTx) => Promise<T>): Promise<T> {
      let result: { value: T } | undefined;
      try {
        await ctx.db.transaction(async (tx: DbOrTx) => {
          const view = await loadDraftView(tx, catalogId);
          await applyDraft(tx, view, catalogId);
          result = { value: await read(tx) };
          throw new RolledBack('preview');
        });
      } catch (error) {
        if (!(error instanceof RolledBack)) throw error;
      }
      if (!result) throw new Error('The draft preview read nothing');
      return result.value;
    },
  };
}
