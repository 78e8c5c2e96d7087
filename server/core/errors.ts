/**
 * Errors in the Django-REST-Framework shape the web app was written against:
 * 400 `{field: ["message"], non_field_errors: ["message"]}`, and `{detail}` for 401/403/404 and the rest.
 * Nothing else (stack, SQL) ever leaves the server.
 */
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_BLANK } from '../../contract/common.js';
import { NUL_KEYWORD } from './input.js';
import { isDatabaseUnavailable, sqlState } from '../db/unavailable.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A field's own wording for "missing or blank", replacing the generic one (SPEC.md §5: 'El nombre es requerido'). */
    requiredMessages?: Record<string, string>;
    /** A field's own wording when out of its range, replacing 'Asegúrate de que este valor sea ...' (a string's tilt and azimuth). */
    rangeMessages?: Record<string, string>;
  }
}

export type FieldErrors = Record<string, string[]>;


export class ApiError extends Error {
  constructor(public statusCode: number, public body: Record<string, unknown>) {
    super(typeof body.detail === 'string' ? body.detail : 'API error');
  }
}

export const badRequest = (errors: FieldErrors) => new ApiError(400, errors);
export const fieldError = (field: string, message: string) => badRequest({ [field]: [message] });
export const nonFieldError = (message: string) => badRequest({ non_field_errors: [message] });
export const notFound = () => new ApiError(404, { detail: 'No encontrado.' });
export const forbidden = (detail = 'No tienes permiso para realizar esta acción.') => new ApiError(403, { detail });
export const unauthorized = (detail = 'Las credenciales de autenticación no se proveyeron.') => new ApiError(401, { detail });
export const tooManyRequests = () => new ApiError(429, { detail: 'Demasiadas solicitudes. Espera un momento e inténtalo nuevamente.' });

export const MSG = {
  required: 'Este campo es requerido.',
  blank: 'Este campo no puede estar en blanco.',
  integer: 'Introduce un número entero válido.',
  number: 'Introduce un número válido.',
  string: 'No es una cadena válida.',
  boolean: 'Debe ser un valor booleano válido.',
  email: 'Introduce una dirección de correo electrónico válida.',
  choice: 'Elige una opción válida.',
  maxLength: (n: number) => `Asegúrate de que este campo no tenga más de ${n} caracteres.`,
  minLength: (n: number) => `Asegúrate de que este campo tenga al menos ${n} caracteres.`,
  minimum: (n: number) => `Asegúrate de que este valor sea mayor o igual a ${n}.`,
  maximum: (n: number) => `Asegúrate de que este valor sea menor o igual a ${n}.`,
  invalid: 'Valor inválido.',
  nullCharacter: 'No se permiten caracteres nulos.',
  unknownId: (id: unknown) => `Clave primaria "${id}" inválida - objeto no existe.`,
  // SPEC.md §5's own wording for these fields, missing or blank.
  nameRequired: 'El nombre es requerido',
  descriptionRequired: 'La descripción es requerida',
  messageRequired: 'El mensaje es requerido',
};


const RANGE_KEYWORDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);

type AjvError = Pick<ErrorObject, 'keyword' | 'instancePath' | 'params' | 'message'>;

function messageFor(e: AjvError): string {
  switch (e.keyword) {
    case 'required': return MSG.required;
    case 'type':
      if (String(e.params.type).includes('integer')) return MSG.integer;
      if (String(e.params.type).includes('number')) return MSG.number;
      if (String(e.params.type).includes('boolean')) return MSG.boolean;
      if (String(e.params.type).includes('string')) return MSG.string;
      return MSG.invalid;
    case 'maxLength': return MSG.maxLength(e.params.limit);
    case 'minLength': return e.params.limit === 1 ? MSG.blank : MSG.minLength(e.params.limit);
    case 'pattern': return e.params.pattern === NOT_BLANK ? MSG.blank : MSG.invalid;
    case 'format': return e.params.format === 'email' ? MSG.email : MSG.invalid;
    case 'enum': case 'const': case 'anyOf': case 'oneOf': return MSG.choice;
    case 'minimum': case 'exclusiveMinimum': return MSG.minimum(e.params.limit);
    case 'maximum': case 'exclusiveMaximum': return MSG.maximum(e.params.limit);
    case NUL_KEYWORD: return MSG.nullCharacter;
    case 'maxItems': return `Asegúrate de que este campo no tenga más de ${e.params.limit} elementos.`;
    case 'minItems': return `Asegúrate de que este campo tenga al menos ${e.params.limit} elementos.`;
    default: return MSG.invalid;
  }
}

/**
 * Turns Ajv's list into `{field: [messages]}`; a body that is not an object at all is a non-field error.
 * `requiredMessages` gives fields their own wording when missing or blank.
 */
export function validationToFieldErrors(errors: AjvError[], requiredMessages: Record<string, string> = {}, rangeMessages: Record<string, string> = {}): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const segments = e.instancePath.split('/').filter(Boolean);
    const field = e.keyword === 'required' ? [...segments, e.params.missingProperty].join('.') : segments.join('.');
    const key = field || 'non_field_errors';
    let msg = field || e.keyword === NUL_KEYWORD ? messageFor(e) : 'Datos inválidos. Se esperaba un objeto.';
    if (requiredMessages[field] && (msg === MSG.required || msg === MSG.blank)) msg = requiredMessages[field];
    if (rangeMessages[field] && RANGE_KEYWORDS.has(e.keyword)) msg = rangeMessages[field];
    // anyOf/oneOf report once per branch: keep each message once.
    if (!(out[key] ??= []).includes(msg)) out[key].push(msg);
  }
  return out;
}

/** PostgreSQL error codes that are the caller's fault, not ours. */
function fromDatabase(err: unknown): ApiError | null {
  const code = sqlState(err);
  if (code === '23505') return nonFieldError('Ya existe un registro con estos datos.');
  if (code === '23503') return nonFieldError('El registro está relacionado con otros datos que no existen o que lo necesitan.');
  if (code === '22P02' || code === '22003' || code === '22001') return nonFieldError(MSG.invalid);
  return null;
}

/** What a request that needed the database answers while it is unreachable: try again shortly. */
export const DATABASE_UNAVAILABLE = 'Base de datos no disponible. Inténtalo nuevamente en unos segundos.';
/** What a request answers while a shared service other than the database (Redis) is unreachable. */
export const SERVICE_UNAVAILABLE = 'Servicio no disponible temporalmente. Inténtalo nuevamente en unos segundos.';
const RETRY_AFTER_SECONDS = 5;

/**
 * A shared service the request needs, other than the database, is out of reach (Redis, for the
 * rate limits): a 503 with Retry-After, like the database's, never a 500. `cause` is logged only.
 */
export class ServiceUnavailable extends Error {
  constructor(public service: string, cause: unknown) {
    super(`${service} unavailable: ${(cause as Error | undefined)?.message ?? String(cause)}`, { cause });
  }
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { body?: Record<string, unknown> }, request, reply) => {
    if (err instanceof ApiError) return reply.status(err.statusCode).send(err.body);
    if (err.validation) {
      return reply.status(400).send(validationToFieldErrors(err.validation as AjvError[], request.routeOptions.config?.requiredMessages, request.routeOptions.config?.rangeMessages));
    }
    if (isDatabaseUnavailable(err)) {
      // The driver's reason is enough (the failed query and its parameters would only add noise).
      request.log.warn(`database unavailable: ${(err.cause as Error | undefined)?.message ?? err.message}`);
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ detail: DATABASE_UNAVAILABLE });
    }
    if (err instanceof ServiceUnavailable) {
      request.log.warn(err.message);
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ detail: SERVICE_UNAVAILABLE });
    }
    const db = fromDatabase(err);
    if (db) return reply.status(400).send(db.body);
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 400) return reply.status(400).send({ non_field_errors: [clientMessage(err)] });
    if (status === 429) return reply.status(429).send(tooManyRequests().body);
    if (status < 500) return reply.status(status).send({ detail: clientMessage(err) });
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: 'Error interno del servidor.' });
  });
}

/** Fastify's refusals of a URL it cannot route (a bad %-escape, an over-long parameter): `{detail}`, never the URL. */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ detail: 'La dirección (URL) es demasiado larga.' });
  if (err.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ detail: 'La dirección (URL) no es válida.' });
  request.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ detail: 'Error interno del servidor.' });
}

function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY': case 'FST_ERR_CTP_EMPTY_JSON_BODY': return 'JSON mal formado.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return 'El cuerpo de la solicitud es demasiado grande.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': return 'Tipo de contenido no soportado.';
    default: return err.message;
  }
}
