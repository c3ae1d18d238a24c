import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from './contract-routes';

/**
 * Type-level proof that the route table types the api's side, checked by `npm run typecheck`: each
 * line under a @ts-expect-error must be a type error, or tsc fails with "Unused '@ts-expect-error'".
 * Never registered (nothing imports it); apps/web/src/api/route-calls.types.ts is the web's side.
 */
export const routeTableProbe: FastifyPluginAsyncZod = async (app) => {
  // @ts-expect-error an operation the table does not have
  contractRoute('acting.nowhere', { tags: [], summary: '' });

  app.route({
    ...contractRoute('acting.stop', { tags: [], summary: '' }),
    // @ts-expect-error a handler that answers another shape than the table's ActingStopResult
    handler: async () => ({ returnedToOwnSession: 'yes' }),
  });

  app.route({
    ...contractRoute('acting.start', { tags: [], summary: '' }),
    handler: async (request) => {
      // @ts-expect-error the body is the table's ActingStartBody: it has userId, not customerId
      const id: number = request.body.customerId;
      return { acting: null, id };
    },
  });
};
