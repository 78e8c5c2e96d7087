/**
 * Holds the server to its contract: every JSON reply is checked against the schema its route
 * declares for that status, and a reply that does not match fails loudly (a 500 naming the route
 * and the mismatch). The test suites turn it on (`checkReplies`); in production the schemas only
 * serialize, which drops what they do not describe but would let a wrong type through unseen.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

export function installReplyCheck(app: FastifyInstance) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  const compiled = new WeakMap<object, ValidateFunction>();
  // A callback hook, not an async one: an async hook here loses the payload of a reply sent while
  // the request body is still being parsed (a broken multipart body came out as `{}`).
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const schema = (request.routeOptions.schema?.response as Record<number, object> | undefined)?.[reply.statusCode];
    if (!schema || payload === null || typeof payload !== 'object') return done(null, payload);
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, validate = ajv.compile(schema));
    // As it goes on the wire: dates as ISO strings; text already written, as it is.
    if (validate(JSON.parse(payload instanceof JsonText ? payload.text : JSON.stringify(payload)))) return done(null, payload);
    const message = `${request.method} ${request.routeOptions.url} ${reply.statusCode}: the reply does not match its schema: ${ajv.errorsText(validate.errors)}`;
    console.error(message);
    done(new Error(message));
  });
}

/**
 * A reply already written as JSON (a stored day curve, server/measurements/curves.ts), which the
 * serializers send as it is. `T` is what it writes: a route returns it for a `T` through `written`.
 */
export class JsonText<T = unknown> {
  declare readonly writes?: T;
  constructor(readonly text: string) {}
}

/** A route's reply of text already written, as the type of what it writes. */
export const written = <T>(reply: JsonText<T>) => reply as unknown as T;

/** Reply values many requests get as they are and nobody changes (kept monitoring answers). */
const sharedReplies = new WeakSet<object>();

/** Marks `value` as a shared reply: each route serializes it once (`serializeSharedOnce`). */
export function shareReply(value: unknown) {
  if (typeof value === 'object' && value !== null) sharedReplies.add(value);
}

/**
 * Fastify's serializers (fast-json-stringify, same options and shared schemas), each sending text
 * already written (JsonText) as it is and keeping the text of the shared replies it wrote, for as long as the value lives: a kept day curve is 288
 * points, written out again for every viewer otherwise.
 */
export const serializeSharedOnce: ReturnType<typeof SerializerSelector> = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    const serialize = compile(route);
    const written = new WeakMap<object, string>();
    return (value) => {
      if (value instanceof JsonText) return value.text;
      if (typeof value !== 'object' || value === null || !sharedReplies.has(value)) return serialize(value);
      let text = written.get(value);
      if (text === undefined) written.set(value, text = serialize(value));
      return text;
    };
  };
};
