/** How projects reach the database. */
import { naturalKey } from '../../db/sql.js';
import { getTableColumns, sql } from 'drizzle-orm';
import { powerPlants, projects } from '../../db/schema.js';
import { crudRows } from '../../core/crud.js';

/** Projects with their number of plants, in one query. An ordinary user sees the projects linked to them. */
export const projectRows = crudRows({
  table: projects, scope: 'project',
  fields: {
    ...getTableColumns(projects),
    // The outer id spelled out as "projects"."id": in a one-table select Drizzle renders columns bare,
    // and a bare "id" inside the subquery would be the plant's own id.
    plants_count: sql<number>`(select count(*)::int from ${powerPlants} where ${powerPlants.project} = ${projects}.${sql.identifier(projects.id.name)})`,
  },
  ordering: { id: projects.id, name: naturalKey(projects.name), created_at: projects.created_at },
  search: [projects.name],
});
