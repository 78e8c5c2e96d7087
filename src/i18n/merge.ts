/** Messages trees: nested objects of strings. */
export interface Messages {
  [key: string]: string | Messages;
}

/** The same keys as T, each with a string: what every other language must provide. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

const isTree = (v: unknown): v is Messages => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Deep merge of message trees; later trees win. A branch only one tree has is taken as it is, not
 * copied (message trees are never changed once built): the admin's first load merges thousands of
 * messages, and copying them all was a visible part of its start.
 */
export function mergeMessages(...trees: object[]): Messages {
  const out: Messages = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree ?? {})) {
      const prev = out[key];
      out[key] = isTree(value) && isTree(prev) ? mergeMessages(prev, value) : value;
    }
  }
  return out;
}

/** 'a.b.c' keys of a tree, with their values. */
export function flatten(tree: object, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree ?? {})) {
    if (isTree(value)) Object.assign(out, flatten(value, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = value;
  }
  return out;
}
