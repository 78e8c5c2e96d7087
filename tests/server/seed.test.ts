import { and, count, countDistinct, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/harness.js';
import { seedBase } from '../../server/seed/base.js';
import { seedDemo, DEMO_LOGINS } from '../../server/seed/demo.js';
import { CHILE_COMMUNES } from '../../server/seed/communes.js';
import {
  communes, equipment, investors, mppts, panels, powerPlants, projects, projectUsers, strings, tagProjects,
  tags, tagUsers, ticketAssignees, ticketMessages, tickets, ticketTypes, trademarks, users,
} from '../../server/db/schema.js';

let ctx: TestContext;
const db = () => ctx.database.db;

beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx?.close());

const TABLES = { users, trademarks, equipment, projects, powerPlants, investors, mppts, strings, panels, tags, tagUsers, tagProjects, projectUsers, ticketTypes, tickets, ticketAssignees, ticketMessages, communes };

async function counts() {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) out[name] = (await db().select({ n: count() }).from(table))[0].n;
  return out;
}

const userId = async (email: string) => (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const projectId = async (name: string) => (await db().select({ id: projects.id }).from(projects).where(eq(projects.name, name)))[0].id;

describe('seedBase', () => {
  it("gives every database one 'Alarma' ticket category, however often it runs", async () => {
    await seedBase(db());
    await seedBase(db());
    const alarma = await db().select().from(ticketTypes).where(eq(ticketTypes.name, 'Alarma'));
    expect(alarma).toHaveLength(1);
  });
});

describe('communes (seedBase)', () => {
  it('holds all 346 communes of the 16 regions, none twice', async () => {
    const [{ n, regions }] = await db().select({ n: count(), regions: countDistinct(communes.region) }).from(communes);
    expect(n).toBe(346);
    expect(regions).toBe(16);
    for (const names of Object.values(CHILE_COMMUNES)) expect(new Set(names).size).toBe(names.length);
  });

  it('files communes under their official region names', async () => {
    const spot: [string, string][] = [
      ['Concepción', 'Región del Biobío'],
      ['Ñuñoa', 'Región Metropolitana de Santiago'],
      ['Maipú', 'Región Metropolitana de Santiago'],
      ['Chillán', 'Región de Ñuble'],
      ['Isla de Pascua', 'Región de Valparaíso'],
      ['Putre', 'Región de Arica y Parinacota'],
      ['Alto Hospicio', 'Región de Tarapacá'],
      ['Machalí', "Región del Libertador General Bernardo O'Higgins"],
      ['Padre Las Casas', 'Región de La Araucanía'],
      ['Valdivia', 'Región de Los Ríos'],
      ['Curaco de Vélez', 'Región de Los Lagos'],
      ['Coyhaique', 'Región de Aysén del General Carlos Ibáñez del Campo'],
      ['Torres del Paine', 'Región de Magallanes y de la Antártica Chilena'],
    ];
    for (const [name, region] of spot) {
      const rows = await db().select({ region: communes.region }).from(communes).where(eq(communes.name, name));
      expect(rows, name).toEqual([{ region }]);
    }
    const perRegion = await db().select({ region: communes.region, n: count() }).from(communes).groupBy(communes.region);
    expect(Object.fromEntries(perRegion.map((r) => [r.region, r.n]))).toMatchObject({
      'Región Metropolitana de Santiago': 52, 'Región de Valparaíso': 38, 'Región del Biobío': 33, 'Región de Ñuble': 21,
    });
  });

  it('running seedBase again adds nothing', async () => {
    await seedBase(db());
    expect((await db().select({ n: count() }).from(communes))[0].n).toBe(346);
  });
});

describe('seedDemo atomicity', () => {
  it('leaves nothing behind when it fails half-way (a plant commune is missing)', async () => {
    const before = await counts();
    await db().update(communes).set({ name: 'Concón (renombrada)' }).where(eq(communes.name, 'Concón'));
    try {
      await expect(seedDemo(db())).rejects.toThrow(/Concón/);
    } finally {
      await db().update(communes).set({ name: 'Concón' }).where(eq(communes.name, 'Concón (renombrada)'));
    }
    expect(await counts()).toEqual(before);
  });
});

describe('seedDemo', () => {
  let first: Record<string, number>;

  beforeAll(async () => {
    expect(await seedDemo(db())).toBe(true);
    first = await counts();
  });

  it('creates two projects with three plants in real communes', async () => {
    // Three categories of the demo's own, beside the 'Alarma' one of every database (seedBase).
    expect(first).toMatchObject({ projects: 2, powerPlants: 3, trademarks: 5, equipment: 6, ticketTypes: 4 });
    const plants = await db().select({ name: powerPlants.name, commune: communes.name, project: projects.name })
      .from(powerPlants).innerJoin(communes, eq(communes.id, powerPlants.commune)).innerJoin(projects, eq(projects.id, powerPlants.project));
    expect(plants).toHaveLength(3);
    expect(plants).toEqual(expect.arrayContaining([
      { name: 'Planta Maipú', commune: 'Maipú', project: 'Proyecto Demo Santiago' },
      { name: 'Planta Las Condes', commune: 'Las Condes', project: 'Proyecto Demo Santiago' },
      expect.objectContaining({ project: 'Proyecto Industrial Valparaíso' }),
    ]));
  });

  it('gives every plant inverters, every inverter MPPTs, every MPPT strings, every string panels', async () => {
    // Every parent id appears among its children's foreign keys.
    const parentsWithChildren = async (fk: AnyPgColumn) => (await db().select({ n: countDistinct(fk) }).from(fk.table))[0].n;
    expect(await parentsWithChildren(investors.plant)).toBe(first.powerPlants);
    expect(await parentsWithChildren(mppts.investor)).toBe(first.investors);
    expect(await parentsWithChildren(strings.mppt)).toBe(first.mppts);
    expect(await parentsWithChildren(panels.string)).toBe(first.strings);
    const perInverter = await db().select({ n: count() }).from(mppts).groupBy(mppts.investor);
    expect(perInverter.every((r) => r.n === 2)).toBe(true);
  });

  it('sizes each plant by its panels, faces the strings north, leaves dataloggers empty and links equipment', async () => {
    const rows = await db().select({ capacity: powerPlants.capacity_kwp, wp: sql<number>`sum(${panels.power_wp})`.mapWith(Number) })
      .from(powerPlants)
      .innerJoin(investors, eq(investors.plant, powerPlants.id))
      .innerJoin(mppts, eq(mppts.investor, investors.id))
      .innerJoin(strings, eq(strings.mppt, mppts.id))
      .innerJoin(panels, eq(panels.string, strings.id))
      .groupBy(powerPlants.id, powerPlants.capacity_kwp);
    for (const { capacity, wp } of rows) expect(Math.abs(wp / 1000 - capacity!) / capacity!).toBeLessThan(0.05);
    const all = await db().select().from(strings);
    expect(all.every((s) => s.tilt >= 20 && s.tilt <= 30 && Math.abs(s.azimuth) <= 15)).toBe(true);
    const invs = await db().select().from(investors);
    expect(invs.every((i) => i.datalogger_address === '' && i.equipment !== null && i.serial_number !== '')).toBe(true);
    expect((await db().select({ n: count() }).from(panels).where(sql`${panels.equipment} is null`))[0].n).toBe(0);
    const maipu = (await db().select().from(powerPlants).where(eq(powerPlants.name, 'Planta Maipú')))[0];
    expect(maipu).toMatchObject({ latitude: -33.5167, longitude: -70.7667, capacity_kwp: 6.5, tariff: 160 });
  });

  it('gives each catalogue item its kind: the battery is a battery, not an inverter (issue 33)', async () => {
    const rows = await db().select({ name: equipment.name, kind: equipment.kind }).from(equipment);
    const kinds = Object.fromEntries(rows.map((r) => [r.name, r.kind]));
    expect(kinds['BYD Battery-Box Premium HVS 7.7']).toBe('battery');
    expect(kinds['Fronius Symo 10.0-3-M']).toBe('inverter');
    expect(kinds['JA Solar JAM72S30 545W']).toBe('panel');
  });

  it('creates the three accounts with the right rights', async () => {
    const rows = await db().select().from(users).where(sql`${users.email} like '%@demo.cl'`);
    const byEmail = Object.fromEntries(rows.map((u) => [u.email, u]));
    expect(Object.keys(byEmail).sort()).toEqual(DEMO_LOGINS.map((l) => l.email).sort());
    expect(byEmail['admin@demo.cl']).toMatchObject({ is_staff: true, is_superuser: true, is_active: true, first_name: 'Ana', last_name: 'Administradora' });
    expect(byEmail['cliente@demo.cl']).toMatchObject({ is_staff: false, is_superuser: false, is_active: true, first_name: 'Carlos', last_name: 'Cliente' });
    expect(byEmail['cliente@demo.cl'].address).toContain('Santiago');
    expect(byEmail['vecina@demo.cl']).toMatchObject({ is_staff: false, is_active: true });
    for (const l of DEMO_LOGINS) expect(l.password.length >= 4 && l.password.length <= 16, l.email).toBe(true);
  });

  it('links the customer to the Santiago project directly and by tag, and nobody to the Valparaíso project', async () => {
    const customer = await userId('cliente@demo.cl');
    const neighbour = await userId('vecina@demo.cl');
    const santiago = await projectId('Proyecto Demo Santiago');
    const valparaiso = await projectId('Proyecto Industrial Valparaíso');

    expect(await db().select({ p: projectUsers.user_project, u: projectUsers.users }).from(projectUsers)).toEqual([{ p: santiago, u: customer }]);
    const tagged = await db().select({ tag: tags.name, project: tagProjects.project }).from(tagProjects).innerJoin(tags, eq(tags.id, tagProjects.tag));
    expect(tagged).toEqual(expect.arrayContaining([{ tag: 'Clientes residenciales', project: santiago }, { tag: 'Industrial', project: valparaiso }]));
    const members = await db().select({ tag: tags.name, user: tagUsers.customuser }).from(tagUsers).innerJoin(tags, eq(tags.id, tagUsers.tag));
    expect(members).toEqual([{ tag: 'Clientes residenciales', user: customer }]);
    expect(await db().select().from(projectUsers).where(eq(projectUsers.users, neighbour))).toEqual([]);
  });

  it('opens a ticket assigned to the admin with a two-sided thread, and a closed one', async () => {
    const customer = await userId('cliente@demo.cl');
    const admin = await userId('admin@demo.cl');
    const all = await db().select({ id: tickets.id, title: tickets.title, status: tickets.status, type: ticketTypes.name, user: tickets.customuser })
      .from(tickets).leftJoin(ticketTypes, eq(ticketTypes.id, tickets.type));
    const open = all.find((t) => t.title === 'Baja producción en Planta Maipú')!;
    expect(open).toMatchObject({ status: 1, type: 'Soporte técnico', user: customer });
    expect(all.filter((t) => t.status === 2 && t.user === customer)).toHaveLength(1);
    expect(await db().select({ user: ticketAssignees.user }).from(ticketAssignees).where(eq(ticketAssignees.ticket, open.id))).toEqual([{ user: admin }]);
    const thread = await db().select().from(ticketMessages).where(eq(ticketMessages.ticket, open.id)).orderBy(ticketMessages.created_at);
    expect(thread.map((m) => m.customuser)).toEqual([customer, admin]);
    const closed = all.find((t) => t.status === 2)!;
    expect((await db().select({ n: count() }).from(ticketMessages).where(eq(ticketMessages.ticket, closed.id)))[0].n).toBeGreaterThan(0);
    expect((await db().select().from(ticketTypes).where(and(eq(ticketTypes.name, 'Facturación'), eq(ticketTypes.description, 'Consultas sobre ahorro y tarifas'))))).toHaveLength(1);
  });

  it('does nothing the second time', async () => {
    expect(await seedDemo(db())).toBe(false);
    expect(await counts()).toEqual(first);
  });

  it('lets every demo login sign in through the API', async () => {
    for (const l of DEMO_LOGINS) expect(await ctx.login(l.email, l.password), l.email).toEqual(expect.any(String));
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', payload: { email: 'cliente@demo.cl', password: 'admin1234' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('password');
  });
});
