import { ROUTE_SCHEMAS, ROUTES, type RouteName, type RouteSchemas } from '@lumen/contracts';

type Schemas<N extends RouteName> = (typeof ROUTE_SCHEMAS)[N];

/** Fastify's schema of route N: its query string and body when it takes them, its answer on 200, and the OpenAPI words. */
type FastifySchemaOf<N extends RouteName> = (Schemas<N> extends { query: infer Q } ? { querystring: Q } : unknown) &
  (Schemas<N> extends { body: infer B } ? { body: B } : unknown) & { response: { 200: Schemas<N>['response'] }; tags: string[]; summary: string };

/**
 * The method, path and schemas of an operation of the route table (packages/contracts route-table.ts,
 * route-schemas.ts), spread into `app.route({ ...contractRoute(name, doc), config, handler })`: the
 * handler's request and reply are typed by the table's schemas, so a handler that answers another
 * shape fails the typecheck, and the path is the one the web calls.
 */
export function contractRoute<N extends RouteName>(
  name: N,
  doc: { tags: string[]; summary: string },
): { method: (typeof ROUTES)[N]['method']; url: (typeof ROUTES)[N]['path']; schema: FastifySchemaOf<N> } {
  const { method, path } = ROUTES[name];
  const schemas: RouteSchemas = ROUTE_SCHEMAS[name];
  const schema = { ...doc, ...(schemas.query ? { querystring: schemas.query } : {}), ...(schemas.body ? { body: schemas.body } : {}), response: { 200: schemas.response } };
  // The object is built from the table's entry N: its shape is FastifySchemaOf<N> by construction.
  return { method, url: path, schema: schema as unknown as FastifySchemaOf<N> };
}
