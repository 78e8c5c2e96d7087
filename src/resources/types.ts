import type { ComponentType, ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { Action } from '../providers/access';

/** Menu group an entry belongs to; `false` keeps the resource out of the menu. */
export type MenuGroup = 'main' | 'maintainers' | 'tickets' | false;

/** A custom page inside the admin layout, at /app/<path>. */
export interface AppRoute {
  /** Path under /app, without the leading slash, e.g. 'configuration' or 'tickets/list'. */
  path: string;
  element: ComponentType;
}

/**
 * One entry of `resources` (src/resources/index.ts). The shell renders one `<Resource>` per entry
 * and builds the menu from the same entries; labels come from `resources.<name>.name`.
 * Who may use it (src/resources/access.ts): staff everything; a customer the actions the contract
 * opens to every signed-in user, narrowed by `customer`.
 */
export interface AppResource {
  /** Resource name = dataProvider key = URL segment under /app. */
  name: string;
  /** The screens, each a `lazyComponent` (src/components/lazy.ts): the admin's own chunk carries none. */
  list?: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  icon?: ComponentType;
  /**
   * The actions a customer's screens offer, when fewer than the contract opens (the server answers
   * a customer's call with their own rows; some screens are nevertheless staff work). `[]`: staff
   * work only (no menu entry, no custom page, screens answer access denied). Absent: all the contract opens.
   */
  customer?: readonly Action[];
  menu?: MenuGroup;
  recordRepresentation?: string | ((record: RaRecord) => string);
  /**
   * Optional: custom pages this entry brings (rendered inside the layout, for those who may use the entry),
   * e.g. settings -> [{ path: 'configuration', element: ConfigurationPage }].
   */
  routes?: AppRoute[];
  /** Optional: decides at run time whether the menu entry shows (it renders its `children` or nothing), e.g. only with several plants. */
  menuGate?: ComponentType<{ children: ReactNode }>;
  /** Optional: where the menu entry points, under /app (default `/<name>`), e.g. '/configuration'. */
  menuTo?: string;
}
