/** The hierarchy rows the measurement calls read, each within what the caller may see (a 404 otherwise). */
import { and, eq, getTableName } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { FastifyRequest } from 'fastify';
import { investors, mppts, powerPlants, projects, projectUsers, strings, tagProjects, tagUsers } from '../../db/schema.js';
import { tableCache } from '../../db/cache.js';
import { currentUser } from '../../core/access.js';
import { notFound } from '../../core/errors.js';
import { scopes } from '../../core/visibility.js';
import { findVisible } from '../../core/crud.js';

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

export const visibleProject = (request: FastifyRequest, id: number) =>
  findVisible(request, projects, id, 'project') as Promise<typeof projects.$inferSelect>;

export const visibleInvestor = (request: FastifyRequest, id: number) =>
  findVisible(request, investors, id, 'investor') as Promise<typeof investors.$inferSelect>;

export const visibleMppt = (request: FastifyRequest, id: number) =>
  findVisible(request, mppts, id, 'mppt') as Promise<typeof mppts.$inferSelect>;

/** A visible string, its MPPT and how many strings that MPPT has. */
export async function visibleString(request: FastifyRequest, id: number) {
  const { db } = request.server;
  const string = await findVisible(request, strings, id, 'string') as typeof strings.$inferSelect;
  const [mppt] = await db.select().from(mppts).where(eq(mppts.id, string.mppt));
  const siblings = await db.$count(strings, eq(strings.mppt, mppt.id));
  return { string, mppt, siblings };
}
