import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { canonicalJson } from '@lumen/domain';
import { IDEMPOTENT_REPLAYED_HEADER, IdempotencyHeaders } from '@lumen/contracts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { AppError } from '../errors';
import type { Access } from './access-guard';
import { bindResource, claimKey, completeKey, deleteExpiredKey, deleteExpiredKeys, deleteKey, findKey, takeOverKey } from './idempotency.repository';

/** How long a key and its answer are kept. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claimed key counts as in flight (409 to a second request). No call takes this long, so
 * a key still in flight past it belonged to a process that died: a retry then takes it over.
 */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A creating POST that accepts `Idempotency-Key` (README, "Idempotency keys"). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed, so that its answer is stored (or the key given up) on send. */
    idempotencyClaim: { userId: number; key: string } | null;
    /**
     * The resource an earlier attempt with this key created and committed without recording its
     * answer (its process died between): the route answers it instead of creating again.
     */
    idempotentResource: IdempotentResource | null;
  }
}

/** A resource an idempotent call created: its kind (`quote`, `order`…) and id (a number, or a token such as a share's hash). */
export interface IdempotentResource {
  kind: string;
  id: number | string;
}

/** The claim of the request being handled, for the services' transactions (set up per request in onRequest). */
const requestClaims = new AsyncLocalStorage<{ claim: { userId: number; key: string } | null }>();

/**
 * Ties the resource a call creates to the call's idempotency key, inside the transaction that
 * creates it (issue 29 §6): the key and the resource commit together, so a retry after a crash
 * between the commit and the answer finds the resource and answers it (`request.idempotentResource`)
 * instead of creating it twice. Does nothing outside a request that claimed a key.
 */
export async function recordIdempotentResource(tx: DbOrTx, resource: IdempotentResource): Promise<void> {
  const claim = requestClaims.getStore()?.claim;
  if (!claim) return;
  await bindResource(tx, claim.userId, claim.key, `${resource.kind}:${resource.id}`);
}

function parseResource(value: string | null): IdempotentResource | null {
  const match = value ? /^([a-z_.-]+):([A-Za-z0-9_-]{1,64})$/.exec(value) : null;
  if (!match?.[1] || !match[2]) return null;
  return { kind: match[1], id: /^\d+$/.test(match[2]) ? Number(match[2]) : match[2] };
}

/** The id of the `kind` resource an earlier attempt of this request committed, or null: the route then answers it. */
export function committedResource(request: { idempotentResource: IdempotentResource | null }, kind: string): number | null {
  const resource = request.idempotentResource;
  return resource?.kind === kind && typeof resource.id === 'number' ? resource.id : null;
}

/** As committedResource, for a resource named by a token (a share's hash). */
export function committedToken(request: { idempotentResource: IdempotentResource | null }, kind: string): string | null {
  const resource = request.idempotentResource;
  return resource?.kind === kind ? String(resource.id) : null;
}

function bodyHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body ?? null)).digest('hex');
}

/**
 * `Idempotency-Key` for the POST calls that create: a route opts in with `config: { idempotent: true }`
 * (it must need a session, or take one optionally: keys are kept per user, so a visitor's key is ignored). The header is declared in the route's schema
 * (OpenAPI, 400 when malformed). The first request with a key claims it (a row in
 * `idempotency_keys`; the primary key makes concurrent claims end with one winner) and its answer is
 * stored when it succeeds; the same key and body then get that answer again with
 * `Idempotent-Replayed: true`, another body (or method, or path) 422, a request while the first is
 * still running 409. A request that fails gives its key up, so it can be retried with the same key.
 */
function setStoreClaim(claim: { userId: number; key: string }): void {
  const store = requestClaims.getStore();
  if (store) store.claim = claim;
}

export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('idempotencyClaim', null);
  app.decorateRequest('idempotentResource', null);

  // Every request runs in its own store, so a service's transaction finds the key its request claimed.
  app.addHook('onRequest', (_request, _reply, done) => {
    requestClaims.run({ claim: null }, done);
  });

  app.addHook('onRoute', (route) => {
    const config = route.config as { idempotent?: boolean; access?: Access } | undefined;
    if (!config?.idempotent) return;
    if ([route.method].flat().some((method) => method !== 'POST')) throw new Error(`Route ${String(route.method)} ${route.url}: only POST routes take an idempotency key`);
    if (config.access === undefined || config.access === 'public') {
      throw new Error(`Route POST ${route.url}: an idempotent route needs a session, or an optional one (keys are kept per user)`);
    }
    const schema = (route.schema ?? {}) as FastifySchema;
    if (schema.headers) throw new Error(`Route POST ${route.url}: already declares headers; merge Idempotency-Key into them`);
    route.schema = { ...schema, headers: IdempotencyHeaders };
  });

  // After the access guard's preHandler (registered before this one), so the caller is known.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (!request.routeOptions.config.idempotent || typeof key !== 'string') return;
    // Keys are kept per user: on an 'optional' route a visitor's key is ignored (the route guards against doubles itself).
    if (!request.principal) return;
    const { userId } = request.principal;
    const fingerprint = { method: request.method, path: request.url, requestHash: bodyHash(request.body) };
    const now = ctx.clock();
    const lockedUntil = new Date(now.getTime() + IDEMPOTENCY_LEASE_MS);
    // Twice at most: a key found expired (or given up meanwhile) is claimed again once.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (await claimKey(ctx.db, { userId, key, ...fingerprint, now, lockedUntil, expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS) })) {
        request.idempotencyClaim = { userId, key };
        setStoreClaim(request.idempotencyClaim);
        return;
      }
      const existing = await findKey(ctx.db, userId, key);
      if (!existing) continue;
      if (existing.expiresAt <= now) {
        await deleteExpiredKey(ctx.db, userId, key, now);
        continue;
      }
      if (existing.method !== fingerprint.method || existing.path !== fingerprint.path || existing.requestHash !== fingerprint.requestHash) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      }
      if (existing.statusCode === null) {
        // Created and committed, answer never recorded: the route answers the resource (in flight or not).
        const committed = parseResource(existing.resource);
        if (committed) {
          request.idempotentResource = committed;
          request.idempotencyClaim = { userId, key };
          return;
        }
        if (existing.lockedUntil <= now && (await takeOverKey(ctx.db, userId, key, now, lockedUntil))) {
          request.idempotencyClaim = { userId, key };
          setStoreClaim(request.idempotencyClaim);
          return;
        }
        throw new AppError('IDEMPOTENCY_KEY_IN_FLIGHT');
      }
      return reply
        .code(existing.statusCode)
        .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
        .type(existing.responseType ?? 'application/json; charset=utf-8')
        .send(existing.responseBody ?? '');
    }
    throw new AppError('IDEMPOTENCY_KEY_IN_FLIGHT');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    try {
      if (reply.statusCode < 400 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        const type = reply.getHeader('content-type');
        await completeKey(ctx.db, claim.userId, claim.key, {
          statusCode: reply.statusCode,
          body: payload.toString(),
          type: typeof type === 'string' ? type : 'application/json; charset=utf-8',
        });
      } else {
        // Nothing was made (or nothing to repeat): the same key may be used again. A key bound to a
        // committed resource stays (deleteKey keeps it): its retry answers that resource.
        await deleteKey(ctx.db, claim.userId, claim.key);
      }
    } catch (error) {
      request.log.error({ err: error }, 'idempotency key: answer not recorded');
    }
    return payload;
  });

  // Housekeeping: forget keys older than a day (any process may do it).
  const prune = setInterval(() => {
    ctx.background.run('prune-idempotency-keys', () => deleteExpiredKeys(ctx.db, ctx.clock()));
  }, PRUNE_EVERY_MS);
  prune.unref();
  app.addHook('onClose', async () => {
    clearInterval(prune);
  });
}
