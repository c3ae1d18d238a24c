import { SafeText } from '@lumen/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { createRateLimiter } from '../../http/rate-limits';
import type { Clock } from '../../lib/clock';
import { traceIdOf } from '../../lib/observability/tracing';

/**
 * The web's error reports (spec §8: a failed call is reported with its URL; issue 33 §4), posted by
 * apps/web/src/shared/error-reporting.ts. Anyone may report (a failure may come before a login); the
 * session, when there is one, names the user. Validated field by field, limited per client address
 * (shared by every process: rate_limit_buckets), and logged at warn with the user, the request's
 * trace and the reporter's address, counted in `lumen_web_errors_total` for operators.
 */
export const ErrorReportBody = z
  .object({
    url: SafeText.min(1).max(2000),
    status: z.number().int().min(0).max(999),
    code: SafeText.max(100).nullable(),
    description: SafeText.max(500),
    page: SafeText.max(500).regex(/^\/[^?#]*$/, 'a path without query or fragment'),
    at: z.iso.datetime(),
  })
  .strict();

/** Reports one client address may send per window. */
export const ERROR_REPORTS_PER_MINUTE = 30;

export interface ErrorReportsRoutesOptions {
  db: Db;
  clock: Clock;
  counted: () => void;
}

export const errorReportsRoutes: FastifyPluginAsyncZod<ErrorReportsRoutesOptions> = async (app, { db, clock, counted }) => {
  const limiter = createRateLimiter(db, clock);
  app.post(
    '/v1/error-reports',
    {
      config: { access: 'optional' },
      schema: { tags: ['operations'], summary: "The web's report of a failed call (spec §8), logged for operators", body: ErrorReportBody, response: { 202: z.object({ received: z.literal(true) }) } },
    },
    async (request, reply) => {
      await limiter.hit([{ key: `web-error-report:${request.ip}`, policy: { limit: ERROR_REPORTS_PER_MINUTE, windowMs: 60_000 } }]);
      const report = request.body;
      counted();
      request.log.warn(
        {
          webError: { url: report.url, status: report.status, code: report.code, description: report.description, page: report.page, at: report.at },
          user: request.principal ? { id: request.principal.userId, email: request.principal.email } : null,
          traceId: traceIdOf(request) ?? null,
          ip: request.ip,
        },
        'web error report',
      );
      return reply.code(202).send({ received: true as const });
    },
  );
};
