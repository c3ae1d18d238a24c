import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';

/** security.txt asks for an Expires under a year ahead; the file is written per request, so it never goes stale. */
const EXPIRES_AFTER_MS = 180 * 24 * 60 * 60 * 1000;

/** The languages a report may be written in: the platform's. */
const PREFERRED_LANGUAGES = 'en, es, fr, de, it';

/** The text of /.well-known/security.txt (RFC 9116) for `now`. */
export function securityTxt(config: Pick<Config, 'securityContact' | 'publicUrl'>, now: Date): string {
  return [
    `Contact: ${config.securityContact}`,
    `Expires: ${new Date(now.getTime() + EXPIRES_AFTER_MS).toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    `Preferred-Languages: ${PREFERRED_LANGUAGES}`,
    ...(config.publicUrl ? [`Canonical: ${config.publicUrl}/.well-known/security.txt`] : []),
    '',
  ].join('\n');
}

/**
 * `/.well-known/security.txt` (RFC 9116): where to report a vulnerability, from SECURITY_CONTACT
 * (README, "Configuration"; SECURITY.md "Reporting a vulnerability"). Public, plain text.
 */
export function registerSecurityTxt(app: FastifyInstance, config: Pick<Config, 'securityContact' | 'publicUrl'>, clock: () => Date): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/.well-known/security.txt',
    { logLevel: 'warn', schema: { tags: ['operations'], summary: 'Where to report a vulnerability (RFC 9116), from SECURITY_CONTACT', response: { 200: z.string() } } },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(securityTxt(config, clock())),
  );
}
