/**
 * Tags: named groups of users and projects. A user sees the projects of their tags (see core/visibility.ts).
 * Staff write everything. An ordinary user reads only their tags, their own memberships and the
 * tag-project links of their tags; any other id is a 404.
 */
import fp from 'fastify-plugin';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { projects, tagProjects, tags, tagUsers, users } from '../../db/schema.js';
import { crudRoutes, findVisible, nameRequired } from '../../core/crud.js';
import { IdParams, S } from '../../../contract/common.js';
import { ErrorBody } from '../../core/errors.js';
import { currentUser } from '../../core/access.js';
import { notFound } from '../../core/errors.js';
import { list } from '../../core/lists.js';
import { listOf, ListQuery } from '../../../contract/common.js';
import { scopes } from '../../core/visibility.js';
import { userFullName } from '../../domain/users.js';
import { tagApi, TagProject, tagProjectApi, TagUser, tagUserApi } from '../../../contract/tags.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const TagParams = Type.Object({ tagId: S.id() });


// ---------- memberships (tag-user) ----------

const tagUserFields = {
  id: tagUsers.id, tag: tagUsers.tag, tag_name: tags.name,
  customuser: tagUsers.customuser, user_fullname: userFullName, user_email: users.email,
};
const tagUserJoin = <Q>(q: Q): Q => (q as any)
  .innerJoin(tags, eq(tags.id, tagUsers.tag))
  .innerJoin(users, eq(users.id, tagUsers.customuser));
const tagUserList = {
  table: tagUsers, fields: tagUserFields, join: tagUserJoin,
  ordering: { id: tagUsers.id, tag_name: tags.name, user_fullname: userFullName, user_email: users.email },
  search: [tags.name, users.first_name, users.last_name, users.email],
};

/** Memberships the caller may see: staff all of them (unless `own`), anyone else only their own. */
function visibleMemberships(request: FastifyRequest, own = false): SQL | undefined {
  const user = currentUser(request);
  return user.is_staff && !own ? undefined : eq(tagUsers.customuser, user.id);
}

// ---------- tag-project links ----------

const tagProjectFields = {
  id: tagProjects.id, tag: tagProjects.tag, tag_name: tags.name,
  project_id: projects.id, project_name: projects.name, image_project: projects.image_project,
};
const tagProjectJoin = <Q>(q: Q): Q => (q as any)
  .innerJoin(tags, eq(tags.id, tagProjects.tag))
  .innerJoin(projects, eq(projects.id, tagProjects.project));
type TagProjectRow = { id: number; tag: number; tag_name: string; project_id: number; project_name: string; image_project: string | null };
const nestProject = ({ project_id, project_name, image_project, ...link }: TagProjectRow) =>
  ({ ...link, project: { id: project_id, name: project_name, image_project } });

/** Links the caller may see: staff all of them (unless `own`), anyone else those of their tags. */
function visibleTagProjects(request: FastifyRequest, own = false): SQL | undefined {
  const user = currentUser(request);
  if (user.is_staff && !own) return undefined;
  const { db } = request.server;
  return inArray(tagProjects.tag, db.select({ id: tags.id }).from(tags).where(scopes.tag(db, user.id)));
}

/**
 * Tag-project link items (`TagProject`) as a list with paging, ordering and search, limited to what
 * the caller may see; `own` limits staff to their own tags too. Shared with the projects plugin
 * (`GET /tag-project-all/list`).
 */
export function listTagProjects(request: FastifyRequest, opts: { where?: SQL; own?: boolean } = {}) {
  return list<TagProjectRow, ReturnType<typeof nestProject>>(request.server.db, request, {
    table: tagProjects, fields: tagProjectFields, join: tagProjectJoin, serialize: nestProject,
    where: and(opts.where, visibleTagProjects(request, opts.own)),
    ordering: { id: tagProjects.id, tag_name: tags.name, project_name: projects.name },
    search: [tags.name, projects.name],
  });
}

/** `?admin=True` (as the web app sends it) asks staff for everyone's rows instead of their own. */
export const AdminQuery = Type.Object({
  ...ListQuery.properties,
  admin: Type.Optional(Type.String({ maxLength: 10, description: 'True: staff get every row, not only their own' })),
});
export const wantsAll = (request: FastifyRequest) => /^(true|1)$/i.test((request.query as { admin?: string }).admin ?? '');

export default fp(async (app) => {
  const { db } = app;

  crudRoutes(app, tagApi, {
    table: tags, scope: 'tag', requiredMessages: nameRequired,
    ordering: { name: tags.name, id: tags.id, created_at: tags.created_at },
    search: [tags.name],
    async serialize(request, rows) {
      const ids = rows.map((r) => r.id);
      if (!ids.length) return [];
      const countBy = async (table: typeof tagUsers | typeof tagProjects) => new Map(
        (await db.select({ tag: table.tag, n: count() }).from(table).where(inArray(table.tag, ids)).groupBy(table.tag))
          .map(({ tag, n }) => [tag, Number(n)]),
      );
      // How many users share a tag tells a customer about other customers: staff only.
      const staff = currentUser(request).is_staff;
      const [members, linked] = await Promise.all([staff ? countBy(tagUsers) : undefined, countBy(tagProjects)]);
      return rows.map((r) => ({
        ...r, ...(members && { users_count: members.get(r.id) ?? 0 }), projects_count: linked.get(r.id) ?? 0,
      }));
    },
  });

  // Memberships: reads written here because an ordinary user's view (their own rows) is not a core scope.
  app.get('/tag-user-all/list', {
    schema: {
      tags: ['tag-user link'], summary: "The caller's tag memberships (staff with ?admin=True: everyone's)",
      querystring: AdminQuery, response: { 200: listOf(TagUser), ...errors },
    },
  }, (request) => list(db, request, { ...tagUserList, where: visibleMemberships(request, !wantsAll(request)) }));

  app.get('/tag-user-tag/list/:tagId', {
    schema: {
      tags: ['tag-user link'], summary: 'Members of a tag (an ordinary user: only their own membership)',
      params: TagParams, querystring: ListQuery, response: { 200: listOf(TagUser), ...errors },
    },
  }, async (request) => {
    const { tagId } = request.params as { tagId: number };
    await findVisible(request, tags, tagId, 'tag');
    return list(db, request, { ...tagUserList, where: and(eq(tagUsers.tag, tagId), visibleMemberships(request)) });
  });

  app.get('/tag-user/list/:id', {
    schema: { tags: ['tag-user link'], summary: 'One membership', params: IdParams, response: { 200: TagUser, ...errors } },
  }, async (request) => {
    const { id } = request.params as { id: number };
    const [row] = await tagUserJoin(db.select(tagUserFields).from(tagUsers).$dynamic())
      .where(and(eq(tagUsers.id, id), visibleMemberships(request)));
    if (!row) throw notFound();
    return row;
  });

  crudRoutes(app, tagUserApi, {
    table: tagUsers,
    references: { tag: { table: tags }, customuser: { table: users } },
    fields: tagUserFields, join: tagUserJoin,
    async validate(_request, body, existing) {
      const tag = (body.tag ?? existing?.tag) as number;
      const user = (body.customuser ?? existing?.customuser) as number;
      const [other] = await db.select({ id: tagUsers.id }).from(tagUsers).where(and(eq(tagUsers.tag, tag), eq(tagUsers.customuser, user)));
      if (other && other.id !== existing?.id) return { non_field_errors: ['El usuario ya pertenece a esta etiqueta.'] };
    },
  });

  // Tag-project links: same split, reads by hand, writes through crudRoutes.
  app.get('/tag-project-tag/list/:tagId', {
    schema: {
      tags: ['tag-project link'], summary: 'Projects of a tag',
      params: TagParams, querystring: ListQuery, response: { 200: listOf(TagProject), ...errors },
    },
  }, async (request) => {
    const { tagId } = request.params as { tagId: number };
    await findVisible(request, tags, tagId, 'tag');
    return listTagProjects(request, { where: eq(tagProjects.tag, tagId) });
  });

  app.get('/tag-project/list/:id', {
    schema: { tags: ['tag-project link'], summary: 'One tag-project link', params: IdParams, response: { 200: TagProject, ...errors } },
  }, async (request) => {
    const { id } = request.params as { id: number };
    const [row] = await tagProjectJoin(db.select(tagProjectFields).from(tagProjects).$dynamic())
      .where(and(eq(tagProjects.id, id), visibleTagProjects(request)));
    if (!row) throw notFound();
    return nestProject(row);
  });

  crudRoutes(app, tagProjectApi, {
    table: tagProjects,
    references: { tag: { table: tags }, project: { table: projects } },
    fields: tagProjectFields, join: tagProjectJoin,
    serialize: (_request, rows) => (rows as unknown as TagProjectRow[]).map(nestProject),
    async validate(_request, body, existing) {
      const tag = (body.tag ?? existing?.tag) as number;
      const project = (body.project ?? existing?.project) as number;
      const [other] = await db.select({ id: tagProjects.id }).from(tagProjects).where(and(eq(tagProjects.tag, tag), eq(tagProjects.project, project)));
      if (other && other.id !== existing?.id) return { non_field_errors: ['El proyecto ya pertenece a esta etiqueta.'] };
    },
  });
}, { name: 'tags' });
