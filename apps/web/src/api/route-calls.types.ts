import type { ApiClient } from './client';

/**
 * Type-level proof that the route table types the web's calls, checked by `npm run typecheck`: each
 * line under a @ts-expect-error must be a type error, or tsc fails with "Unused '@ts-expect-error'".
 * Never called (nothing imports it); apps/api/src/http/contract-routes.types.ts is the api's side.
 */
export async function routeCallProbe(api: ApiClient): Promise<void> {
  // @ts-expect-error an operation the table does not have (a path renamed on one side only has no name to call)
  await api.call('acting.nowhere', {});

  // @ts-expect-error acting.start takes the table's ActingStartBody: userId, not customerId
  await api.call('acting.start', { body: { customerId: 7 } });

  // @ts-expect-error acting.start needs its body
  await api.call('acting.start', {});

  const page = await api.call('acting.candidates', { query: { page: 1, limit: 20 } });
  // @ts-expect-error the answer is the table's ActingCandidatesPage: items, not rows
  void page.rows;
}
