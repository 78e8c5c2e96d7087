/**
 * What an ordinary user may see, as SQL conditions. A user sees a project linked to them directly
 * (project-user link) or through one of their tags (tag-user + tag-project), and everything below
 * such a project. Staff see everything (no condition).
 */
import { and, eq, getTableName, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { tableCache } from '../db/cache.js';
import { currentUser } from './access.js';
import { notFound } from './errors.js';
import { projects, powerPlants, investors, mppts, strings, panels, projectUsers, tagUsers, tagProjects, tags, realBills } from '../db/schema.js';

export function visibleProjectIds(db: Db, userId: number) {
  return db.select({ id: projects.id }).from(projects).where(or(
    inArray(projects.id, db.select({ id: projectUsers.user_project }).from(projectUsers).where(eq(projectUsers.users, userId))),
    inArray(projects.id, db.select({ id: tagProjects.project }).from(tagProjects)
      .innerJoin(tagUsers, eq(tagUsers.tag, tagProjects.tag)).where(eq(tagUsers.customuser, userId))),
  ));
}

const plantIds = (db: Db, userId: number) =>
  db.select({ id: powerPlants.id }).from(powerPlants).where(inArray(powerPlants.project, visibleProjectIds(db, userId)));
const investorIds = (db: Db, userId: number) =>
  db.select({ id: investors.id }).from(investors).where(inArray(investors.plant, plantIds(db, userId)));
const mpptIds = (db: Db, userId: number) =>
  db.select({ id: mppts.id }).from(mppts).where(inArray(mppts.investor, investorIds(db, userId)));
const stringIds = (db: Db, userId: number) =>
  db.select({ id: strings.id }).from(strings).where(inArray(strings.mppt, mpptIds(db, userId)));

/** Ids of the tags `userId` belongs to. */
const tagIds = (db: Db, userId: number) =>
  db.select({ id: tagUsers.tag }).from(tagUsers).where(eq(tagUsers.customuser, userId));

/** The condition limiting each level of the hierarchy (and tags) to what `request.user` may see. */
export const scopes = {
  project: (db: Db, userId: number): SQL => inArray(projects.id, visibleProjectIds(db, userId)),
  plant: (db: Db, userId: number): SQL => inArray(powerPlants.project, visibleProjectIds(db, userId)),
  investor: (db: Db, userId: number): SQL => inArray(investors.plant, plantIds(db, userId)),
  mppt: (db: Db, userId: number): SQL => inArray(mppts.investor, investorIds(db, userId)),
  string: (db: Db, userId: number): SQL => inArray(strings.mppt, mpptIds(db, userId)),
  panel: (db: Db, userId: number): SQL => inArray(panels.string, stringIds(db, userId)),
  tag: (db: Db, userId: number): SQL => inArray(tags.id, tagIds(db, userId)),
  /** A plant's real bills (docs/billing.md): those of the plants one sees. */
  realBill: (db: Db, userId: number): SQL => inArray(realBills.plant, plantIds(db, userId)),
  /** Tag memberships: one's own (the other members are other customers). */
  membership: (_db: Db, userId: number): SQL => eq(tagUsers.customuser, userId),
  /** Tag-project links: those of one's tags. */
  tagProject: (db: Db, userId: number): SQL => inArray(tagProjects.tag, tagIds(db, userId)),
};
export type Scope = keyof typeof scopes;

/**
 * The scope condition for this request: none for staff, who see everything, unless `mine` (the lists
 * where staff get their own rows unless they ask for everyone's, see contract/tags.ts `AdminQuery`).
 */
export function scopeFor(request: FastifyRequest, scope: Scope | undefined, mine = false): SQL | undefined {
  if (!scope || (request.user?.is_staff && !mine)) return undefined;
  if (!request.user) return sql`false`;
  return scopes[scope](request.server.db, request.user.id);
}

/**
 * The plant `id` as a viewer sees it (undefined: not visible), by viewer ('staff' or a user id) and
 * plant, kept per process until a table that decides it changes (server/db/cache.ts): every
 * monitoring call starts with this check.
 */
const plantsSeen = tableCache(
  [powerPlants, projects, projectUsers, tagUsers, tagProjects].map((t) => getTableName(t)),
  async (db: Db, key: string) => {
    const [viewer, id] = key.split(' ');
    const [row] = await db.select().from(powerPlants)
      .where(and(eq(powerPlants.id, Number(id)), viewer === 'staff' ? undefined : scopes.plant(db, Number(viewer))));
    return row as typeof powerPlants.$inferSelect | undefined;
  },
);

export async function visiblePlant(request: FastifyRequest, id: number) {
  const user = currentUser(request);
  const plant = await plantsSeen.get(request.server.db, `${user.is_staff ? 'staff' : user.id} ${id}`);
  if (!plant) throw notFound();
  return plant;
}
