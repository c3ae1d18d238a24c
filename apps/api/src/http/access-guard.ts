import { ErrorBody } from '@lumen/contracts';
import { hasAnyPrivilege, type Privilege } from '@lumen/domain';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { AppError } from '../errors';
import { type InternalUsers, isInternalEmail } from '../lib/internal-users';
import type { Revocations } from './revocations';
import { type AccessTokens, type Principal, readAccessToken } from './sessions';

export type { Principal } from './sessions';

/**
 * What a route needs (route config `access`):
 * - 'public': anyone;
 * - 'optional': anyone, with `request.principal` set when the caller has a live session (answers that
 *   differ per user but also serve anonymous visitors, e.g. the evaluated feature flags);
 * - 'authenticated': a live session;
 * - { privileges: [...] }: a live session holding any one of them (spec §6);
 * - { minStatus }: a live session whose user status is at least this (e.g. QUALIFIED);
 * - { internal: true }: a live session of an internal user (spec §2, §6: by e-mail, lib/internal-users).
 * Every /api route must declare it: a route without `access` fails the start (fail closed).
 */
export type Access = 'public' | 'optional' | 'authenticated' | { privileges?: readonly Privilege[]; minStatus?: number; internal?: boolean };

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

/**
 * The principal a request's access token states: a valid signature, unexpired, and not on the
 * revocation list. No database read (the refresh is where the user is read afresh).
 */
export async function loadPrincipal(tokens: AccessTokens, revocations: Revocations, request: FastifyRequest): Promise<Principal | null> {
  const token = readAccessToken(request);
  if (!token) return null;
  const principal = await tokens.verify(token);
  // An acted session also ends when the staff member's own tokens are revoked (revocations.isRevoked reads actingBy).
  if (!principal || revocations.isRevoked(principal)) return null;
  return principal;
}

const UNGUARDED_PREFIXES = ['/api/docs'];

const NOBODY_INTERNAL: InternalUsers = { internalEmailDomains: [], internalEmails: [] };

export function registerAccessGuard(app: FastifyInstance, tokens: AccessTokens, revocations: Revocations, internalUsers: InternalUsers = NOBODY_INTERNAL): void {
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
      ...(access === 'public' ? {} : { security: [...(access === 'optional' ? [{}] : []), { cookieAuth: [] }, { bearerAuth: [] }] }),
      ...(typeof access === 'object' && access.privileges
        ? { description: [schema.description, `Needs any of: ${access.privileges.join(', ')}.`].filter(Boolean).join(' ') }
        : {}),
      ...(typeof access === 'object' && access.internal ? { description: [schema.description, 'Internal users only (by e-mail).'].filter(Boolean).join(' ') } : {}),
      response: { ...response, '4XX': response['4XX'] ?? ErrorBody, '5XX': response['5XX'] ?? ErrorBody },
    };
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const principal = await loadPrincipal(tokens, revocations, request);
    if (access === 'optional') {
      request.principal = principal;
      return;
    }
    if (!principal) throw new AppError('UNAUTHENTICATED');
    request.principal = principal;
    if (access === 'authenticated') return;
    if (access.privileges && !hasAnyPrivilege(principal.privileges, access.privileges)) throw new AppError('FORBIDDEN');
    // The backoffice is the staff's own: never reached from a session that acts for a customer (issue 17 §3).
    if (principal.actingBy && access.privileges?.length && access.privileges.every((privilege) => privilege === 'backoffice')) {
      throw new AppError('ACTED_SESSION_REFUSED', 'Stop acting for the customer to use the backoffice');
    }
    if (access.minStatus !== undefined && principal.status < access.minStatus) throw new AppError('NOT_QUALIFIED');
    if (access.internal && !isInternalEmail(internalUsers, principal.email)) throw new AppError('FORBIDDEN', 'Only internal users may do this');
  });
}
