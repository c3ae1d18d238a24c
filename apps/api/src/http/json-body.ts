import { MAX_BODY_DEPTH } from '@lumen/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Whether JSON text nests objects and arrays deeper than `maxDepth`. One pass over the characters,
 * brackets inside strings ignored; it does not validate the JSON (the parser does that next).
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  // A value nested n deep needs at least 2n characters.
  if (text.length <= maxDepth * 2) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * The JSON body parser: Fastify's own (prototype-poisoning protection included) behind two rules.
 * An empty body (a client that always sends the JSON content type) reads as no body. A body nested
 * deeper than MAX_BODY_DEPTH is refused with 400 before it is parsed, so no deep value ever reaches a
 * schema, a recursive walk or the database. The size is bounded by Fastify's bodyLimit (413).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    if (jsonNestsDeeperThan(text, MAX_BODY_DEPTH)) {
      return done(new AppError('VALIDATION_FAILED', 'The request body is nested too deeply', [{ path: 'body', message: `is nested deeper than ${MAX_BODY_DEPTH} levels` }]), undefined);
    }
    return defaultJsonParser(request, text, done);
  });
}
