import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document (/api/docs/json), generated from the routes' zod schemas, and its browsable reference (/api/docs). */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lumen Pro API',
        version: '0.1.0',
        description:
          'Every call lives at /api/<service><spec path>. Sessions are httpOnly cookies (token, refreshToken); ' +
          'API clients may send the access token as `Authorization: Bearer`. Errors: { ErrorCode, ErrorDescription, code, fields? }.',
      },
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'token' },
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}
