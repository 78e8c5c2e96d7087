/**
 * Schema pieces every area uses: ids, texts, nullable values, files, timestamps, and the list
 * conventions (DRF paging, ordering, search).
 */
import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.js';

/** Schema pattern of a text that must not be only whitespace; failing it reads as "blank", like DRF. */
export const NOT_BLANK = '\\S';

/**
 * What `S.nullable` gives, as both TypeBox versions read it: this one's `Static` (the web app), and the
 * server's type provider, whose TypeBox 1.x reads the schema's JSON shape, here the type list.
 */
type Nullable<T extends TSchema> = TUnsafe<Static<T> | null> & (T extends { type: infer N extends string } ? { type: [N, 'null'] } : unknown);

export const S = {
  id: () => Type.Integer({ minimum: 1, maximum: 2147483647 }),
  name: (max = 150) => Type.String({ minLength: 1, maxLength: max }),
  /** An account's e-mail (RFC 5321's 254 characters at most). */
  email: () => Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
  text: (max: number) => Type.String({ maxLength: max }),
  /** Text that must have something besides whitespace ("blank" otherwise). */
  nonBlank: (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: NOT_BLANK }),
  /**
   * A value or null, as a type list rather than anyOf: with coerceTypes, Ajv would turn a null sent for
   * an anyOf's number branch into 0, so null could never clear a field.
   */
  nullable: <T extends TSchema>(t: T) => (typeof t.type === 'string'
    ? Type.Unsafe<Static<T> | null>({ ...t, type: [t.type, 'null'] })
    : Type.Union([t, Type.Null()])) as Nullable<T>,
  file: () => Type.String({ format: 'binary', description: 'file (multipart)' }),
  timestamp: () => Type.Unsafe<string>({ type: 'string', format: 'date-time' }),
};

export const IdParams = Type.Object({ id: S.id() });

export const ListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `default ${DEFAULT_PAGE_SIZE}` })),
  ordering: Type.Optional(Type.String({ maxLength: 200, description: 'field, or -field for descending; several comma-separated' })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ListQuery = Static<typeof ListQuery>;

/** A list reply: an array of `item`, or, when `page` is sent, a DRF page of them. */
export const listOf = <T extends TSchema>(item: T) => Type.Union([
  Type.Array(item),
  Type.Object({
    count: Type.Integer(),
    next: Type.Union([Type.String(), Type.Null()]),
    previous: Type.Union([Type.String(), Type.Null()]),
    results: Type.Array(item),
  }),
]);

/** A DRF page, as the web app receives it when it sends `page`. */
export interface Page<T> { count: number; next: string | null; previous: string | null; results: T[] }
