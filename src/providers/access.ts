/**
 * What the API lets a signed-in customer (not staff) do with each resource of the table, read from
 * the contract: an action is open when the endpoint the data provider calls for it (resourceTable.ts)
 * is declared `access: 'user'` or `'public'` in contract/. The resource descriptors
 * (src/resources/access.ts) narrow this to what their screens offer; they never widen it.
 */
import { allEndpoints } from '../../contract/index';
import type { Access } from '../../contract/http';
import { resourceTable, type ResourceSpec } from './resourceTable';

/** react-admin's access-control actions. */
export const ACTIONS = ['list', 'show', 'create', 'edit', 'delete'] as const;
export type Action = typeof ACTIONS[number];

const accessOf = new Map(allEndpoints().map((e) => [`${e.method} ${e.path}`, e.access]));

/** The `METHOD path` calls behind each action of a resource (several when the path depends on the body). */
export function callsOf(spec: ResourceSpec): Record<Action, string[]> {
  const lists = [spec.list, ...Object.values(spec.byParent ?? {})].filter((p): p is string => !!p);
  const get = (paths: string[]) => paths.map((p) => `GET ${p}`);
  return {
    list: get(lists),
    show: get(spec.one ? [spec.one] : lists),
    create: typeof spec.create === 'string' ? [`POST ${spec.create}`] : [],
    edit: spec.update ? [`${spec.updateMethod ?? 'PUT'} ${spec.update}`] : [],
    delete: spec.delete ? [`DELETE ${spec.delete}`] : [],
  };
}

const open = (access: Access | undefined) => access === 'user' || access === 'public';

/** The actions on `resource` whose calls the contract opens to every signed-in user. */
export function contractActions(resource: string): Action[] {
  const spec = resourceTable[resource];
  if (!spec) return [];
  const calls = callsOf(spec);
  return ACTIONS.filter((action) => calls[action].length > 0 && calls[action].every((call) => open(accessOf.get(call))));
}
