/** How tags, memberships (tag-user) and tag-project links reach the database. */
import { naturalKey } from '../../db/sql.js';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FieldErrors } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { projects, tagProjects, tags, tagUsers, users } from '../../db/schema.js';
import { currentUser } from '../../core/access.js';
import { crudRows, refuseWhileUsed, unique, type Reference } from '../../core/crud.js';
import { tagProjectLinks } from '../../domain/tags.js';
import { userFullName } from '../../domain/users.js';

/** How many rows of `table` (memberships or links) each tag of `ids` has. */
async function countByTag(db: Db, table: typeof tagUsers | typeof tagProjects, ids: number[]) {
  const counted = await db.select({ tag: table.tag, n: count() }).from(table).where(inArray(table.tag, ids)).groupBy(table.tag);
  return new Map(counted.map(({ tag, n }) => [tag, Number(n)]));
}

/** A tag's name is its identity for the people choosing it: two tags may not share one (case and surrounding spaces aside). */
async function uniqueName(request: FastifyRequest, body: { name?: string }, existing?: { id: number }): Promise<FieldErrors | void> {
  if (body.name === undefined) return;
  const [other] = await request.server.db.select({ id: tags.id }).from(tags)
    .where(and(sql`lower(trim(${tags.name})) = lower(trim(${body.name}))`, existing ? ne(tags.id, existing.id) : undefined)).limit(1);
  if (other) return { name: ['Ya existe una etiqueta con este nombre.'] };
}

/** A tag with members or projects is not deleted (they would silently lose it): the 400 says how many. */
export const tagInUse = refuseWhileUsed('la etiqueta', 'la', [
  { column: tagUsers.tag, one: 'usuario', many: 'usuarios' },
  { column: tagProjects.tag, one: 'proyecto', many: 'proyectos' },
]);

/** Tags with their counts of members (staff only) and projects. An ordinary user sees the tags they belong to. */
export const tagRows = crudRows({
  table: tags, scope: 'tag',
  validate: uniqueName,
  ordering: { name: naturalKey(tags.name), id: tags.id, created_at: tags.created_at },
  search: [tags.name],
  async serialize(request, rows) {
    const ids = rows.map((r) => r.id);
    if (!ids.length) return [];
    const { db } = request.server;
    // How many users share a tag tells a customer about other customers: staff only.
    const staff = currentUser(request).is_staff;
    const [members, linked] = await Promise.all([staff ? countByTag(db, tagUsers, ids) : undefined, countByTag(db, tagProjects, ids)]);
    return rows.map((r) => ({
      ...r, ...(members && { users_count: members.get(r.id) ?? 0 }), projects_count: linked.get(r.id) ?? 0,
    }));
  },
});

/** The parent of the lists by tag: checked visible first (a tag the caller is not in is a 404). */
const visibleTag = { table: tags, scope: 'tag' } satisfies Reference;

/** Memberships, with the tag's name and the user's name and e-mail. An ordinary user sees their own. */
export const memberships = crudRows({
  table: tagUsers, scope: 'membership',
  fields: {
    id: tagUsers.id, tag: tagUsers.tag, tag_name: tags.name,
    customuser: tagUsers.customuser, user_fullname: userFullName, user_email: users.email,
  },
  join: (q) => q.innerJoin(tags, eq(tags.id, tagUsers.tag)).innerJoin(users, eq(users.id, tagUsers.customuser)),
  ordering: { id: tagUsers.id, tag_name: naturalKey(tags.name), user_fullname: userFullName, user_email: users.email },
  search: [tags.name, users.first_name, users.last_name, users.email],
  listBy: { column: tagUsers.tag, parent: visibleTag },
  references: { tag: { table: tags }, customuser: { table: users } },
  validate: unique(tagUsers, ['tag', 'customuser'], 'El usuario ya pertenece a esta etiqueta.'),
});

/** Tag-project links (domain/tags.ts), as the tags area writes them and lists them by tag. */
export const links = crudRows({
  ...tagProjectLinks,
  listBy: { column: tagProjects.tag, parent: visibleTag },
  references: { tag: { table: tags }, project: { table: projects } },
  validate: unique(tagProjects, ['tag', 'project'], 'El proyecto ya pertenece a esta etiqueta.'),
});
