import { z } from 'zod';
import { ActingCandidatesPage, ActingCandidatesQuery, ActingStartBody, ActingState, ActingStopResult } from './audit';
import { AdminCatalogues, DraftPreviewBody, DraftPreviewState } from './product-admin';
import { LangQuery } from './common';
import type { PathParams, ROUTES, RouteName } from './route-table';

/**
 * The schemas of each operation of the route table (route-table.ts): what its query string and body
 * take and what it answers. The api validates and documents with them; the web's calls are typed by
 * them (types only: `RouteIO` is erased from the web's bundles).
 */
export interface RouteSchemas {
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** The body of an action that takes none: nothing, null or an empty object, and no stray field. */
export const EmptyBody = z.union([z.object({}).strict(), z.null(), z.undefined()]).optional();

export const ROUTE_SCHEMAS = {
  'acting.state': { response: ActingState },
  'acting.candidates': { query: ActingCandidatesQuery, response: ActingCandidatesPage },
  'acting.start': { body: ActingStartBody, response: ActingState },
  'acting.stop': { body: EmptyBody, response: ActingStopResult },
  'productAdmin.catalogues': { query: z.object({ lang: LangQuery.optional() }), response: AdminCatalogues },
  'productAdmin.preview.state': { response: DraftPreviewState },
  'productAdmin.preview.set': { body: DraftPreviewBody, response: DraftPreviewState },
} as const satisfies Record<RouteName, RouteSchemas>;

type Schemas<N extends RouteName> = (typeof ROUTE_SCHEMAS)[N];
type InputOf<S, K extends 'query' | 'body'> = S extends { [P in K]: infer T extends z.ZodType } ? z.input<T> : undefined;

/** What a call of route N sends and gets: path parameters, query, body (as the caller writes them) and the answer. */
export interface RouteIO<N extends RouteName> {
  params: PathParams<(typeof ROUTES)[N]['path']>;
  query: InputOf<Schemas<N>, 'query'>;
  body: InputOf<Schemas<N>, 'body'>;
  response: z.infer<Schemas<N>['response']>;
}
