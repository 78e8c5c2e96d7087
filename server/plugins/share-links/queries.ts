/** The share links' SQL (docs/share-links.md): the links of a plant, one by its token's hash, and the shared plant. */
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { communes, powerPlants, shareLinks, users } from '../../db/schema.js';
import { pricedPlantColumns } from '../../domain/savings.js';
import type { ShareLink, ShareLinkState } from '../../../contract/share-links.js';

type Row = typeof shareLinks.$inferSelect;

/** What a list shows of a link: its own columns and its author's name. */
const listed = {
  link: shareLinks,
  author: { id: users.id, first_name: users.first_name, last_name: users.last_name, email: users.email },
};

export const stateOf = (link: Pick<Row, 'revoked_at' | 'expires_at'>, now = new Date()): ShareLinkState =>
  (link.revoked_at ? 'revoked' : link.expires_at <= now ? 'expired' : 'active');

function toShareLink({ link, author }: { link: Row; author: { id: number; first_name: string; last_name: string; email: string } | null }): ShareLink {
  return {
    id: link.id,
    plant: link.plant,
    title: link.title,
    state: stateOf(link),
    created_at: link.created_at.toISOString(),
    expires_at: link.expires_at.toISOString(),
    revoked_at: link.revoked_at?.toISOString() ?? null,
    last_opened_at: link.last_opened_at?.toISOString() ?? null,
    created_by: author && { id: author.id, name: `${author.first_name} ${author.last_name}`.trim() || author.email },
  };
}

const withAuthor = (db: Db) => db.select(listed).from(shareLinks).leftJoin(users, eq(users.id, shareLinks.created_by));

export async function linksOfPlant(db: Db, plant: number): Promise<ShareLink[]> {
  return (await withAuthor(db).where(eq(shareLinks.plant, plant)).orderBy(desc(shareLinks.created_at), desc(shareLinks.id))).map(toShareLink);
}

export async function linkById(db: Db, id: number): Promise<ShareLink | undefined> {
  const [found] = await withAuthor(db).where(eq(shareLinks.id, id));
  return found && toShareLink(found);
}

export async function insertLink(db: Db, values: typeof shareLinks.$inferInsert): Promise<ShareLink> {
  const [row] = await db.insert(shareLinks).values(values).returning({ id: shareLinks.id });
  return (await linkById(db, row.id))!;
}

/** Revokes a link still unrevoked (the first revocation's time stays). */
export const revokeLink = (db: Db, id: number) =>
  db.update(shareLinks).set({ revoked_at: new Date() }).where(and(eq(shareLinks.id, id), isNull(shareLinks.revoked_at)));

export async function linkByTokenHash(db: Db, hash: string): Promise<Row | undefined> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.token_hash, hash));
  return row;
}

/** Notes the link opened now, unless another process did within the last minute. */
export const markOpened = (db: Db, id: number) =>
  db.update(shareLinks).set({ last_opened_at: sql`now()` })
    .where(and(eq(shareLinks.id, id), or(isNull(shareLinks.last_opened_at), lt(shareLinks.last_opened_at, sql`now() - interval '1 minute'`))));

/** The shared plant: what its snapshot reads, and the few fields the page shows. */
export async function sharedPlant(db: Db, id: number) {
  const [row] = await db.select({
    ...pricedPlantColumns, capacity_kwp: powerPlants.capacity_kwp, name: powerPlants.name, commune: communes.name,
  }).from(powerPlants).leftJoin(communes, eq(communes.id, powerPlants.commune)).where(eq(powerPlants.id, id));
  return row;
}
