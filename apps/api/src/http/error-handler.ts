import { type ErrorBody, type ErrorCodeName, type FieldError, INVALID_CHARACTERS } from '@lumen/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDomainError } from '@lumen/domain';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, defaultMessage, isAppError, RateLimitedError } from '../errors';

export function errorBody(error: AppError): ErrorBody {
  const body: ErrorBody = { ErrorCode: error.status, ErrorDescription: error.message, code: error.code };
  if (error.fields && error.fields.length > 0) body.fields = error.fields;
  return body;
}

/** Retry-After of a 429 that did not come from our limiter (none today; a plugin's own 429 would). */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  // Every 429 says when to come back (RFC 9110 §10.2.3), in seconds.
  if (error.status === 429) reply.header('retry-after', String(error instanceof RateLimitedError ? error.retryAfterSeconds : DEFAULT_RETRY_AFTER_SECONDS));
  return reply.code(error.status).type('application/json; charset=utf-8').send(errorBody(error));
}

/** Fastify's own request errors, by code, to our machine codes. */
const FASTIFY_CODES: Record<string, ErrorCodeName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
  FST_ERR_BAD_URL: 'VALIDATION_FAILED',
  FST_ERR_ASYNC_CONSTRAINT: 'VALIDATION_FAILED',
};

function fieldPath(context: string | undefined, instancePath: string): string {
  const inner = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return [context, inner].filter((part) => part !== undefined && part !== '').join('.');
}

/** A body that is not JSON: the field at fault is the body. */
function malformedJson(): AppError {
  return new AppError('MALFORMED_JSON', defaultMessage('MALFORMED_JSON'), [{ path: 'body', message: 'is not valid JSON' }]);
}

/** Turns anything thrown into the one error body. 5xx answers never carry internals. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  // A domain rule the caller's input broke: 400 with the rule's code and the spec's exact text.
  if (isDomainError(error)) return new AppError(error.code, error.message);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    const fields: FieldError[] = error.validation.map((issue) => ({
      path: fieldPath(context, issue.instancePath),
      message: issue.message ?? 'invalid',
    }));
    return new AppError('VALIDATION_FAILED', defaultMessage('VALIDATION_FAILED'), fields);
  }
  const fastifyError = error as Partial<FastifyError> | undefined;
  // A path the router cannot decode (invalid UTF-8, e.g. a lone surrogate's bytes): name the URL.
  if (fastifyError?.code === 'FST_ERR_BAD_URL') return new AppError('VALIDATION_FAILED', defaultMessage('VALIDATION_FAILED'), [{ path: 'url', message: INVALID_CHARACTERS }]);
  const mapped = fastifyError?.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped === 'MALFORMED_JSON') return malformedJson();
  if (mapped) return new AppError(mapped);
  if (fastifyError?.statusCode === 429) return new AppError('RATE_LIMITED');
  if (fastifyError instanceof SyntaxError && (fastifyError as { statusCode?: number }).statusCode === 400) return malformedJson();
  if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const status = fastifyError.statusCode;
    const code: ErrorCodeName = status === 414 ? 'URI_TOO_LONG' : status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'VALIDATION_FAILED';
    return new AppError(code);
  }
  return new AppError('INTERNAL');
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, status: appError.status }, 'request rejected');
    return sendError(reply, appError);
  });
}
