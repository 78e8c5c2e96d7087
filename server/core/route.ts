/**
 * Registers a contract endpoint (contract/http.ts) with its handler: method, path, access rule and
 * schemas come from the contract, so the route, its validation, its OpenAPI entry (error replies
 * included) and the web app's call cannot drift apart. Handlers are typed by the TypeBox type
 * provider: `request.params`, `query` and `body` have the contract's types, and so must the reply.
 */
import type {
  FastifyBaseLogger, FastifyContextConfig, FastifyInstance, FastifySchema, RawReplyDefaultExpression,
  RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface, RouteHandlerMethod, RouteShorthandOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorReplies, type EndpointSpec } from '../../contract/http.js';

interface SchemaOf<E extends EndpointSpec> {
  params: E['params'];
  querystring: E['querystring'];
  body: E['body'];
  response: E['reply'];
}

export type Handler<E extends EndpointSpec> = RouteHandlerMethod<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, FastifyContextConfig,
  SchemaOf<E>, TypeBoxTypeProvider, FastifyBaseLogger>;

/** What a route adds to its contract: its own config (requiredMessages ...) and hooks (throttles ...). */
export type RouteExtras = Pick<RouteShorthandOptions, 'onRequest' | 'preValidation' | 'preHandler' | 'onSend' | 'attachValidation' | 'bodyLimit' | 'validatorCompiler'> & {
  config?: FastifyContextConfig;
};

export function route<E extends EndpointSpec>(app: FastifyInstance, spec: E, handler: Handler<E>, extras: RouteExtras = {}) {
  const { config, ...hooks } = extras;
  app.route({
    ...hooks,
    method: spec.method,
    url: spec.path,
    config: { ...config, access: spec.access },
    schema: definedOnly({
      tags: [spec.tag], summary: spec.summary, description: spec.description,
      params: spec.params, querystring: spec.querystring, headers: spec.headers, body: spec.body, consumes: spec.consumes,
      // An endpoint's own reply for an error status (a refused login that names the account) replaces the generic one.
      response: { ...errorReplies(spec), ...spec.reply },
    }) as FastifySchema,
    handler: handler as RouteHandlerMethod,
  });
}

/** Fastify warns about a schema part that is present but undefined. */
const definedOnly = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
