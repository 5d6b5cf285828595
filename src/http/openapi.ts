import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { contentSecurityPolicy } from './content-security-policy.js';
import type { App } from './server.js';

/**
 * The OpenAPI 3 document, generated from the same TypeBox schemas that validate requests.
 * Shared schemas keep their `$id` as the component name (`APIKeyList`, `TokenObtainPair`, …).
 * Registered before any route, so every route is in it.
 */
export async function registerOpenApi(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Quarry API',
        version: '1.0.0',
        description: 'Search, scrape and chat for AI applications behind one API key and one credit balance.',
      },
      components: {
        securitySchemes: {
          jwtAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Access token from `/api/v1/auth/jwt/create/`; `Authorization: JWT <token>` and the `access` cookie are accepted too.',
          },
          ApiKeyAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-KEY',
            description: 'An API key secret (`qk_…`); metered routes also take it as `Authorization: Bearer <api key>`.',
          },
          BearerApiKey: {
            type: 'http',
            scheme: 'bearer',
            description: "An API key secret (`qk_…`) as `Authorization: Bearer`, where other products' clients send their key (compatibility surfaces).",
          },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });

  // The docs page gets the dashboard's policy: Swagger UI's files and the document come from
  // Quarry itself, so nothing outside is needed, and no other site may frame "Try it out".
  // `validatorUrl: null` keeps Swagger UI from loading its badge from validator.swagger.io.
  await app.register(swaggerUi, {
    routePrefix: '/api/v1/docs',
    uiConfig: { deepLinking: true, validatorUrl: null },
    staticCSP: contentSecurityPolicy(),
  });

  app.get('/api/v1/schema/', { schema: { tags: ['schema'], summary: 'The OpenAPI 3 document (YAML; `?format=json` for JSON)' } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const wantsJson = query.format === 'json' || (query.format !== 'yaml' && /application\/json/.test(request.headers.accept ?? ''));
    if (wantsJson) return reply.type('application/vnd.oai.openapi+json').send(app.swagger());
    return reply.type('application/vnd.oai.openapi; charset=utf-8').send(app.swagger({ yaml: true }));
  });
}
