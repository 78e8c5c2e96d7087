/**
 * Holds the server to its contract: every JSON reply is checked against the schema its route
 * declares for that status, and a reply that does not match fails loudly (a 500 naming the route
 * and the mismatch). The test suites turn it on (`checkReplies`); in production the schemas only
 * serialize, which drops what they do not describe but would let a wrong type through unseen.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
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
 * already written (JsonText) as it is and keeping the text of the shared replies it wrote, for as
 * long as the value lives: a kept day curve is 288 points, written out again for every viewer
 * otherwise.
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

/**
 * How API answers are compressed, by @fastify/compress and for shared replies alike (the same bytes
 * either way). Brotli at quality 1 and gzip at level 3: on a day curve (43 KB of JSON) 50 µs each,
 * against 104 µs for the plugin's default brotli quality 4 and 130 µs for gzip's level 6, and no
 * larger (2.8 KB brotli at both qualities, 3.5 against 3.2 KB gzip). Every answer computed afresh
 * pays it, so for a browser's first read of a day it was the largest single cost. The built web
 * app is compressed once, at build time (vite.config.ts).
 */
export const COMPRESSION = {
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 3 },
};

/** The encodings kept for shared replies, best first (@fastify/compress does any other). */
const ENCODINGS = ['br', 'gzip'];
/** What @fastify/compress writes with COMPRESSION. */
const COMPRESS: Record<string, (text: string) => Buffer> = {
  br: (text) => zlib.brotliCompressSync(text, COMPRESSION.brotliOptions),
  gzip: (text) => zlib.gzipSync(text, COMPRESSION.zlibOptions),
};

/**
 * Shared replies go compressed once: their bytes per route and encoding are kept beside the value,
 * as their text is. A browser asks every reply compressed, and @fastify/compress compressed a kept
 * day curve again for each viewer (brotli, 0.32 ms for 43 KB of JSON: more than the rest of the
 * read). Installed before @fastify/compress, whose onSend leaves a reply already encoded alone.
 */
export function installSharedCompression(app: FastifyInstance, { threshold }: { threshold: number }) {
  const sharedOf = new WeakMap<object, object>();
  const compressed = new WeakMap<object, Map<string, Buffer>>();
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (typeof payload === 'object' && payload !== null && sharedReplies.has(payload)) sharedOf.set(reply, payload);
    done(null, payload);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const value = sharedOf.get(reply);
    if (!value || typeof payload !== 'string' || request.headers['x-no-compression'] !== undefined) return done(null, payload);
    // As @fastify/compress reads the header: no preference ('*') and x-gzip are gzip.
    const accepted = request.headers['accept-encoding']?.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
    const encoding = accepted ? negotiate(accepted, ENCODINGS) : null;
    if (!encoding) return done(null, payload);
    let ofValue = compressed.get(value);
    if (!ofValue) compressed.set(value, ofValue = new Map());
    const key = `${request.routeOptions.url} ${encoding}`;
    let bytes = ofValue.get(key);
    if (!bytes) {
      // Its length is measured only until it is compressed (a reply under the threshold never is).
      if (Buffer.byteLength(payload) < threshold) return done(null, payload);
      ofValue.set(key, bytes = COMPRESS[encoding](payload));
    }
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
    reply.header('content-encoding', encoding).header('content-length', bytes.length);
    done(null, bytes);
  });
}
