/**
 * What the CRUD core gives every entity (server/core/crud.ts, server/db/sql.ts naturalKey): a row in
 * use is not deleted, and the refusal names what uses it; lists sort names naturally.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/harness.js';
import { call, plantTree } from '../../../testing/fixtures.js';
import { equipment, investors, projects, tagProjects, tags, tagUsers, tickets, ticketTypes, trademarks } from '../../../server/db/schema.js';

let ctx: TestContext;
let staff: string;
let customer: { user: { id: number }; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.userWithToken({ is_staff: true })).token;
  customer = await ctx.userWithToken();
});
afterAll(() => ctx?.close());

describe('deleting a row in use', () => {
  it('refuses a brand, an item, a ticket category or a tag that something uses, naming what and how many; an unused one goes', async () => {
    const { db } = ctx.database;
    const tree = await plantTree(db);
    const [brand] = await db.insert(trademarks).values({ name: 'Marca usada' }).returning();
    const [item] = await db.insert(equipment).values({ name: 'Equipo usado', trademark: brand.id }).returning();
    await db.insert(equipment).values({ name: 'Otro equipo', trademark: brand.id });
    await db.update(investors).set({ equipment: item.id });
    const [category] = await db.insert(ticketTypes).values({ name: 'Categoría usada' }).returning();
    await db.insert(tickets).values({ title: 'T', content: 'C', customuser: customer.user.id, type: category.id });
    const [tag] = await db.insert(tags).values({ name: 'Etiqueta usada' }).returning();
    await db.insert(tagUsers).values({ tag: tag.id, customuser: customer.user.id });
    const [project] = await db.select().from(projects).limit(1);
    await db.insert(tagProjects).values({ tag: tag.id, project: project.id });

    const refused: [string, string][] = [
      [`/trademark/deleted/${brand.id}`, 'Ocurrió un error al eliminar la marca: la usan 2 equipos.'],
      [`/equipment/deleted/${item.id}`, 'Ocurrió un error al eliminar el equipo: lo usa 1 inversor.'],
      [`/ticket/type/delete/${category.id}`, 'Ocurrió un error al eliminar la categoría de ticket: la usa 1 ticket.'],
      [`/tag/deleted/${tag.id}`, 'Ocurrió un error al eliminar la etiqueta: la usan 1 usuario y 1 proyecto.'],
    ];
    for (const [url, detail] of refused) {
      const res = await call(ctx, staff, 'DELETE', url);
      expect({ url, status: res.status, body: res.body }).toEqual({ url, status: 400, body: { detail } });
    }
    expect(await db.$count(trademarks)).toBeGreaterThan(0);
    expect(await db.$count(investors)).toBe(tree.investors.length);
    expect((await db.select().from(investors)).every((i) => i.equipment === item.id)).toBe(true);

    // Once nothing uses them, they go.
    await db.update(investors).set({ equipment: null });
    expect((await call(ctx, staff, 'DELETE', `/equipment/deleted/${item.id}`)).status).toBe(204);
    expect((await call(ctx, staff, 'DELETE', `/trademark/deleted/${brand.id}`)).body).toEqual({ detail: 'Ocurrió un error al eliminar la marca: la usa 1 equipo.' });
  });
});

describe('natural order', () => {
  it('sorts names with numbers as people count: Panel 2 before Panel 10', async () => {
    const { db } = ctx.database;
    const names = ['Panel 10', 'panel 1', 'Panel 2', 'Panel 1b', 'Panel 100', 'Panel 9'];
    for (const name of names) await db.insert(tags).values({ name: `Orden ${name}` });
    const res = await call(ctx, staff, 'GET', '/tag-all/list?search=Orden&ordering=name');
    expect(res.body.map((t: { name: string }) => t.name.replace('Orden ', ''))).toEqual(['panel 1', 'Panel 1b', 'Panel 2', 'Panel 9', 'Panel 10', 'Panel 100']);
    const desc = await call(ctx, staff, 'GET', '/tag-all/list?search=Orden&ordering=-name');
    expect(desc.body[0].name).toBe('Orden Panel 100');
  });
});
