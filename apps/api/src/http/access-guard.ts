import { ErrorBody } from '@lumen/contracts';
import { hasAnyPrivilege, type Privilege } from '@lumen/domain';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { findLiveSessionUser } from '../modules/auth/auth.repository';
import { type AccessTokens, readAccessToken } from './sessions';

/**
 * What a route needs (route config `access`):
 * - 'public': anyone;
 * - 'authenticated': a live session;
 * - { privileges: [...] }: a live session holding any one of them (spec §6);
 * - { minStatus }: a live session whose user status is at least this (e.g. QUALIFIED).
 * Every /api route must declare it: a route without `access` fails the start (fail closed).
 */
export type Access = 'public' | 'authenticated' | { privileges?: readonly Privilege[]; minStatus?: number };

/** The logged-in user of a request, read from the database per request (never from the token). */
export interface Principal {
  userId: number;
  sessionId: string;
  email: string;
  name: string;
  status: number;
  companyId: number | null;
  lang: string;
  catalogId: number;
  roles: Array<{ id: number; name: string }>;
  privileges: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The principal of a request whose route required a session (the guard ran). */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED');
  return request.principal;
}

export async function loadPrincipal(ctx: AppContext, tokens: AccessTokens, request: FastifyRequest): Promise<Principal | null> {
  const token = readAccessToken(request);
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const user = await findLiveSessionUser(ctx.db, claims.sessionId, claims.userId, ctx.clock());
  if (!user) return null;
  return { ...user, sessionId: claims.sessionId };
}

const UNGUARDED_PREFIXES = ['/api/docs'];

export function registerAccessGuard(app: FastifyInstance, ctx: AppContext, tokens: AccessTokens): void {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/api/') || UNGUARDED_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (access === undefined) throw new Error(`Route ${String(route.method)} ${url} declares no access rule (config.access)`);
    // Document in OpenAPI what the guard enforces and the one error shape.
    const schema = (route.schema ?? {}) as FastifySchema & { response?: Record<string, unknown>; description?: string };
    const response = schema.response ?? {};
    route.schema = {
      ...schema,
      ...(access === 'public' ? {} : { security: [{ cookieAuth: [] }, { bearerAuth: [] }] }),
      ...(typeof access === 'object' && access.privileges
        ? { description: [schema.description, `Needs any of: ${access.privileges.join(', ')}.`].filter(Boolean).join(' ') }
        : {}),
      response: { ...response, '4XX': response['4XX'] ?? ErrorBody, '5XX': response['5XX'] ?? ErrorBody },
    };
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const principal = await loadPrincipal(ctx, tokens, request);
    if (!principal) throw new AppError('UNAUTHENTICATED');
    request.principal = principal;
    if (access === 'authenticated') return;
    if (access.privileges && !hasAnyPrivilege(principal.privileges, access.privileges)) throw new AppError('FORBIDDEN');
    if (access.minStatus !== undefined && principal.status < access.minStatus) throw new AppError('NOT_QUALIFIED');
  });
}
