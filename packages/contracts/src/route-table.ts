import type { SERVICE_NAMES } from './constants';

type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * The route table (DESIGN.md, "One route table"): each operation's method, service and path, by name.
 * The api registers its routes from it (`contractRoute` in apps/api/src/http/contract-routes.ts) and
 * the web calls them by name (`api.call` in apps/web/src/api/client.ts), so a path changed here moves
 * both sides at once, and a call or a handler that does not fit the operation's schemas
 * (route-schemas.ts) fails the typecheck on its side.
 *
 * This file holds plain values only (no schema library): the web's bundles import it without building
 * any schema. Modules move their operations here one by one; the acting module is the first.
 */
export interface RouteAddress {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  service: ServiceName;
  /** The path under the service's base, with `:name` for each path parameter (Fastify's syntax). */
  path: string;
}

export const ROUTES = {
  'acting.state': { method: 'GET', service: 'users', path: '/v1/auth/acting' },
  'acting.candidates': { method: 'GET', service: 'users', path: '/v1/auth/acting/candidates' },
  'acting.start': { method: 'POST', service: 'users', path: '/v1/auth/acting' },
  'acting.stop': { method: 'POST', service: 'users', path: '/v1/auth/acting/stop' },
  'productAdmin.catalogues': { method: 'GET', service: 'products', path: '/v1/product-admin/catalogs' },
  'productAdmin.preview.state': { method: 'GET', service: 'products', path: '/v1/product-admin/preview' },
  'productAdmin.preview.set': { method: 'PUT', service: 'products', path: '/v1/product-admin/preview' },
} as const satisfies Record<string, RouteAddress>;

export type RouteName = keyof typeof ROUTES;

/** The path parameters a path names (`/v1/items/:id/lines/:line` → `{ id, line }`). */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** The path of a route with its parameters filled in (each encoded as a URI component). */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}
