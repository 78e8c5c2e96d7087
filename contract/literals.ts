import { Type, type SchemaOptions, type TLiteral, type TUnion } from '@sinclair/typebox';

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/**
 * One of `values` (a const list, which stays the source of the values): a union of literals typed as a
 * tuple, so that the server's type provider (TypeBox 1.x) reads these values too, not `never`.
 */
export const oneOf = <const T extends readonly string[]>(values: T, options?: SchemaOptions) =>
  Type.Union(values.map((v) => Type.Literal(v)), options) as unknown as TUnion<Literals<T>>;
