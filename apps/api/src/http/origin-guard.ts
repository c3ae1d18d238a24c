import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that changes state (the spec's generate-quote-number reserves a number): the origin guard
     * treats it as a write, so a cross-site page cannot make a browser call it (issue 29 §8).
     */
    changesState?: boolean;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The host of an origin (`https://lumen.example:8443` → `lumen.example:8443`), or null when it is not one. */
function hostOf(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * The platform's own origins: the host the request was sent to (any scheme: behind a TLS proxy the
 * api may see http while the browser is on https) and PUBLIC_URL's.
 */
export function isOwnOrigin(origin: string, requestHost: string | undefined, config: Pick<Config, 'publicUrl'>): boolean {
  const host = hostOf(origin);
  if (host === null) return false;
  if (requestHost !== undefined && host === requestHost.toLowerCase()) return true;
  const publicHost = config.publicUrl ? hostOf(config.publicUrl) : null;
  return publicHost !== null && host === publicHost;
}

/** Why a request that may change state is refused, or null when it may go on. */
export function crossSiteRefusal(request: Pick<FastifyRequest, 'headers'>, config: Pick<Config, 'publicUrl'>): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    return isOwnOrigin(origin, request.headers.host, config) ? null : `Origin ${origin.slice(0, 100)} is not the platform's`;
  }
  // No Origin: a same-origin GET, or a client that is not a browser (curl, an integration with a
  // Bearer token). A browser that says the call comes from another site is refused.
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return `A ${site} request may not change state`;
  return null;
}

/**
 * CSRF defence beyond SameSite=Lax (issue 29 §8): every POST, PUT, PATCH and DELETE under /api (and
 * the GETs marked `changesState`) must come from the platform's origin when a browser says where it
 * comes from (`Origin`, else `Sec-Fetch-Site`). A cross-site form, a multipart upload from another
 * site and a same-site page of another subdomain are refused with 403 FORBIDDEN (the description
 * says why), before any body is read or any session is used.
 */
export function registerOriginGuard(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const write = WRITES.has(request.method) || (request.routeOptions.config?.changesState === true && request.method === 'GET');
    if (!write) return;
    const refusal = crossSiteRefusal(request, config);
    if (refusal) throw new AppError('FORBIDDEN', refusal);
  });
}
