import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';

/** Menu group an entry belongs to; `false` keeps the resource out of the menu. */
export type MenuGroup = 'main' | 'maintainers' | 'tickets' | false;

/** A custom page inside the admin layout, at /app/<path>. */
export interface AppRoute {
  /** Path under /app, without the leading slash, e.g. 'configuration' or 'tickets/list'. */
  path: string;
  element: ComponentType;
}

/**
 * One entry of `resources` (src/resources/index.ts). The shell renders one
 * `<Resource>` per entry (staffOnly entries hidden from ordinary users) and builds
 * the menu from them; labels come from `resources.<name>.name`.
 */
export interface AppResource {
  /** Resource name = dataProvider key = URL segment under /app. */
  name: string;
  list?: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  icon?: ComponentType;
  staffOnly?: boolean;
  menu?: MenuGroup;
  recordRepresentation?: string | ((record: RaRecord) => string);
  /**
   * Optional: custom pages this entry brings (rendered inside the layout, staffOnly respected),
   * e.g. settings -> [{ path: 'configuration', element: ConfigurationPage }].
   */
  routes?: AppRoute[];
  /** Optional: where the menu entry points, under /app (default `/<name>`), e.g. '/configuration'. */
  menuTo?: string;
}
