/**
 * What a value in a request may be, checked before Ajv coerces it. Ajv reads text with Number()
 * ("0x37" is 55; "1e0", "01", "+1", "1.0" and " 1" are 1), takes true for 1 and "true", and nothing
 * stops a NUL character, which PostgreSQL refuses in text (a 500). So every value of the path, the
 * query string and the body (JSON or multipart) is first held against the types its schema allows:
 * - text where only a number fits is plain decimal: an integer is `-?(0|[1-9][0-9]*)`, a number may
 *   add `.digits`; '' stays the way to send null where null is allowed;
 * - a boolean only where a boolean fits: it is neither a number nor text;
 * - text never carries a NUL character.
 * Lists are never taken for scalars either: Ajv's coerceTypes is `true`, not `'array'`.
 * A refusal is reported like Ajv's own errors, so it becomes a 400 naming the field.
 */
import AjvCompiler from '@fastify/ajv-compiler';

interface Schema {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema | Schema[];
  maxItems?: number;
  maxLength?: number;
}

/** Ajv's error shape, which validationToFieldErrors turns into `{field: [message]}`. */
interface Refusal { keyword: string; instancePath: string; params: Record<string, unknown> }

/** The keyword of a refused NUL character (errors.ts words it). */
export const NUL_KEYWORD = 'nullCharacter';

/** Ajv keywords of the limits checked here, before Ajv: a value over one is not given to Ajv at all. */
const LIMITS = new Set(['maxItems', 'maxLength']);
/** At most this many refusals are collected (a list of a thousand wrong items is named once per item up to here). */
const MAX_REFUSALS = 100;

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** A schema's alternatives, unions flattened. */
const branches = (s: Schema): Schema[] => {
  const alternatives = s.anyOf ?? s.oneOf;
  return alternatives ? alternatives.flatMap(branches) : [s];
};

/** Adds the refusals of a value at a path to `out`. */
type Check = (value: unknown, path: string, out: Refusal[]) => void;
const NOTHING_TO_CHECK: Check = () => {};

/**
 * The check of a value that `schemas` may describe, made once per route (what a schema allows is
 * worked out here, not for every request; those of properties and items when first met).
 */
function checkOf(schemas: Schema[]): Check {
  const all = schemas.flatMap(branches);
  if (!all.length) return NOTHING_TO_CHECK;
  const types = new Set(all.flatMap((s) => (s.type === undefined ? ['any'] : ([] as string[]).concat(s.type))));
  const has = (t: string) => types.has(t) || types.has('any');
  const [text, boolean, nullable, number, integer] = [has('string'), has('boolean'), types.has('null'), types.has('number'), types.has('integer')];
  const typeNames = [...types].join(',');
  // The most any branch allows (a branch without a limit allows any length: contract tests forbid that).
  const most = (key: 'maxItems' | 'maxLength', type: string) => Math.max(...all.map((s) => {
    const t = s.type === undefined ? ['any'] : ([] as string[]).concat(s.type);
    return t.includes(type) || t.includes('any') ? s[key] ?? Infinity : -Infinity;
  }));
  const [maxItems, maxLength] = [most('maxItems', 'array'), most('maxLength', 'string')];
  const wrongType = (path: string, out: Refusal[]) => out.push({ keyword: 'type', instancePath: path, params: { type: typeNames } });
  let items: Check | undefined;
  // Only the properties the schemas name are kept: keys a request makes up are checked against nothing.
  const properties = new Map<string, Check>();
  const propertyCheck = (key: string) => {
    let check = properties.get(key);
    if (check) return check;
    const described = all.flatMap((s) => (s.properties && Object.hasOwn(s.properties, key) ? [s.properties[key]] : []));
    if (!described.length) return NOTHING_TO_CHECK;
    properties.set(key, check = checkOf(described));
    return check;
  };

  return function check(value, path, out) {
    if (out.length >= MAX_REFUSALS) return;
    if (typeof value === 'string') {
      if (text) {
        // Ajv counts code points; a string of more UTF-16 units than that may still fit, so count then.
        if (value.length > maxLength && [...value].length > maxLength) out.push({ keyword: 'maxLength', instancePath: path, params: { limit: maxLength } });
        else if (value.includes('\0')) out.push({ keyword: NUL_KEYWORD, instancePath: path, params: {} });
      } else if (value === '' && nullable) {
        // '' is how a form clears a nullable field.
      } else if (number) {
        if (!NUMBER.test(value)) wrongType(path, out);
      } else if (integer) {
        if (!INTEGER.test(value)) wrongType(path, out);
      }
    } else if (typeof value === 'boolean') {
      if (!boolean) wrongType(path, out);
    } else if (Array.isArray(value)) {
      // Over its limit a list is refused as a whole, its items never looked at (by us or by Ajv).
      // (-Infinity: no branch takes a list; Ajv names the wrong type.)
      if (maxItems >= 0 && value.length > maxItems) { out.push({ keyword: 'maxItems', instancePath: path, params: { limit: maxItems } }); return; }
      items ??= checkOf(all.flatMap((s) => (s.items && !Array.isArray(s.items) ? [s.items] : [])));
      for (let i = 0; i < value.length; i++) items(value[i], `${path}/${i}`, out);
    } else if (typeof value === 'object' && value !== null) {
      for (const key in value) {
        if (Object.hasOwn(value, key)) propertyCheck(key)((value as Record<string, unknown>)[key], `${path}/${key}`, out);
      }
    }
  };
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
/** What Fastify passes a validator compiler (the compiler's types describe Ajv's compile(schema) instead). */
type RouteSchema = { schema: Schema };
type Compiler = (route: RouteSchema) => Validate;
type CompilerOptions = { customOptions?: Record<string, unknown> };

/**
 * Fastify's Ajv validators (same options, formats and shared schemas), each preceded by the checks
 * above, limits included (docs/api.md, "What validation costs"):
 * - a value over a limit (a list longer than its maxItems, text longer than its maxLength) is refused
 *   with the other refusals of the walk, and Ajv never sees it: none of its costly keywords
 *   (uniqueItems, patterns, formats) ever runs on more than the contract allows;
 * - Ajv runs as its documentation says for untrusted data, stopping at the first error
 *   (allErrors off, server/app.ts); a valid body is checked once, by it;
 * - only a body it refused, already known to be within every limit, is checked again by a validator
 *   with allErrors (compiled on the first refusal of the route), so that one answer names every wrong
 *   field, as DRF does.
 */
export const strictValidators = ((externalSchemas: never, options: CompilerOptions): Compiler => {
  const compile = AjvCompiler()(externalSchemas, options as never) as unknown as Compiler;
  let compileNamingAll: Compiler | undefined;
  const namingAllOf = (route: RouteSchema) => (compileNamingAll ??= AjvCompiler()(
    externalSchemas, { ...options, customOptions: { ...options.customOptions, allErrors: true } } as never) as unknown as Compiler)(route);
  return (route) => {
    const ajvValidate = compile(route);
    let namingAll: Validate | undefined;
    const check = checkOf([route.schema]);
    const validate: Validate = (data) => {
      const refused: Refusal[] = [];
      check(data, '', refused);
      if (refused.some((r) => LIMITS.has(r.keyword))) {
        validate.errors = refused;
        return false;
      }
      // Ajv coerces in place: it runs after the checks, which must see what was sent.
      let errors: unknown[] = refused;
      if (!ajvValidate(data)) {
        namingAll ??= namingAllOf(route);
        namingAll(data);
        errors = [...refused, ...(namingAll.errors ?? ajvValidate.errors ?? [])];
      }
      validate.errors = errors.length ? errors : null;
      return !errors.length;
    };
    return validate;
  };
}) as unknown as ReturnType<typeof AjvCompiler>;
