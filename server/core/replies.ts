/**
 * Holds the server to its contract: every JSON reply is checked against the schema its route
 * declares for that status, and a reply that does not match fails loudly (a 500 naming the route
 * and the mismatch). The test suites turn it on (`checkReplies`); in production the schemas only
 * serialize, which drops what they do not describe but would let a wrong type through unseen.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

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
    // As it goes on the wire: dates as ISO strings.
    if (validate(JSON.parse(JSON.stringify(payload)))) return done(null, payload);
    const message = `${request.method} ${request.routeOptions.url} ${reply.statusCode}: the reply does not match its schema: ${ajv.errorsText(validate.errors)}`;
    console.error(message);
    done(new Error(message));
  });
}
