import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/** OpenAPI document built from every route's declared schemas: UI at /api/docs, JSON at /api/docs/json. */
export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Portal Solar API', version: '1.0.0', description: 'API of the solar monitoring portal. Errors follow DRF: 400 `{field: [..], non_field_errors: [..]}`, others `{detail}`.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
});
