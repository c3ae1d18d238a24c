import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../errors';

/** `/health`: the process answers. `/ready`: the database answers too (load balancers route on it). */
export function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/health',
    { logLevel: 'warn', schema: { tags: ['operations'], summary: 'The process is up', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  typed.get(
    '/ready',
    { logLevel: 'warn', schema: { tags: ['operations'], summary: 'The database is reachable', response: { 200: z.object({ status: z.literal('ready'), database: z.string() }) } } },
    async (request) => {
      try {
        await ctx.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database not reachable');
        throw new AppError('UNAVAILABLE', 'The database is not reachable');
      }
      return { status: 'ready' as const, database: ctx.database.kind };
    },
  );
}
