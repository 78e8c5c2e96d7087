/**
 * Demo data for `npm start` (DEMO=0 turns it off): an administrator, a customer who sees a Santiago
 * project through a tag and a direct link, a customer with no projects, a catalogue of real
 * equipment, two projects with their full plant > inverter > MPPT > string > panel hierarchy,
 * ticket categories and two tickets. Created once, in one transaction; the demo admin's e-mail
 * marks it as present. Inverters keep an empty datalogger address: the simulator feeds them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  communes, equipment, investors, mppts, panels, powerPlants, projects, projectUsers, strings, tagProjects,
  tags, tagUsers, ticketAssignees, ticketMessages, tickets, ticketTypes, trademarks, users,
} from '../db/schema.js';
import { hashPassword } from '../core/passwords.js';
import type { EquipmentKind } from '../../contract/catalogue.js';
import { DEFAULT_TIME_ZONE } from '../core/settings.js';
import { demoInverters } from '../measurements/demo-feed.js';
import { DEMO_FAULT, dailyEnergyWh } from '../measurements/demo-fault.js';
import { simulateRange } from '../measurements/solar/index.js';

export const DEMO_LOGINS: { role: string; email: string; password: string }[] = [
  { role: 'Administrador', email: 'admin@demo.cl', password: 'admin1234' },
  { role: 'Cliente', email: 'cliente@demo.cl', password: 'cliente1234' },
  { role: 'Sin proyectos', email: 'vecina@demo.cl', password: 'vecina1234' },
];
const [ADMIN, CUSTOMER, NEIGHBOUR] = DEMO_LOGINS;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The plants to build; each inverter gets one string per MPPT of `panelsPerString` panels. */
interface PlantPlan {
  name: string; address: string; commune: [region: string, name: string];
  latitude: number; longitude: number; capacity_kwp: number; tariff: number; injection_price: number; commissioned_on: string;
  inverters: { equipment: string; serial: string; nominal_power_kw: number; mppts: number; panelsPerString: number; panel: string; tilt: number; azimuth: number }[];
}

const RM = 'Región Metropolitana de Santiago';

const PLANTS: Record<string, PlantPlan[]> = {
  'Proyecto Demo Santiago': [
    {
      name: 'Planta Maipú', address: 'Av. Los Pajaritos 2750, Maipú', commune: [RM, 'Maipú'],
      latitude: -33.5167, longitude: -70.7667, capacity_kwp: 6.5, tariff: 160, injection_price: 80, commissioned_on: '2023-03-15',
      // 2 x 6 x 545 Wp = 6.54 kWp
      inverters: [{ equipment: 'Fronius Primo GEN24 6.0 Plus', serial: '34180512', nominal_power_kw: 6, mppts: 2, panelsPerString: 6, panel: 'JA Solar JAM72S30 545W', tilt: 25, azimuth: 0 }],
    },
    {
      name: 'Planta Las Condes', address: 'Av. Apoquindo 4800, Las Condes', commune: [RM, 'Las Condes'],
      latitude: -33.4167, longitude: -70.5833, capacity_kwp: 10.9, tariff: 165, injection_price: 82, commissioned_on: '2022-11-02',
      // 2 x 10 x 545 Wp = 10.9 kWp
      inverters: [{ equipment: 'Fronius Symo 10.0-3-M', serial: '29740133', nominal_power_kw: 10, mppts: 2, panelsPerString: 10, panel: 'JA Solar JAM72S30 545W', tilt: 20, azimuth: 10 }],
    },
  ],
  'Proyecto Industrial Valparaíso': [
    {
      name: 'Planta Bodega Concón', address: 'Camino Concón-Quillota km 2, Concón', commune: ['Región de Valparaíso', 'Concón'],
      latitude: -32.9236, longitude: -71.5186, capacity_kwp: 11.6, tariff: 140, injection_price: 70, commissioned_on: '2024-01-20',
      // 2 inverters x 2 x 5 x 580 Wp = 11.6 kWp
      inverters: [
        { equipment: 'Huawei SUN2000-5KTL-L1', serial: 'HV2240118877', nominal_power_kw: 5, mppts: 2, panelsPerString: 5, panel: 'Jinko Tiger Neo 580W', tilt: 30, azimuth: 0 },
        { equipment: 'Huawei SUN2000-5KTL-L1', serial: 'HV2240118902', nominal_power_kw: 5, mppts: 2, panelsPerString: 5, panel: 'Jinko Tiger Neo 580W', tilt: 30, azimuth: 0 },
      ],
    },
  ],
};

/** Each item says its kind: a battery is neither an inverter nor a panel (a panel's form offers panels only). */
const CATALOGUE: { brand: string; items: { name: string; model: string; station_code: string; description: string; kind: EquipmentKind; power_w: number }[] }[] = [
  { brand: 'Fronius', items: [
    { name: 'Fronius Primo GEN24 6.0 Plus', model: 'Primo GEN24 6.0 Plus', station_code: 'FR-PRIMO-GEN24-6.0', description: 'Inversor híbrido monofásico de 6 kW con dos MPPT y respaldo de batería.', kind: 'inverter', power_w: 6000 },
    { name: 'Fronius Symo 10.0-3-M', model: 'Symo 10.0-3-M', station_code: 'FR-SYMO-10.0-3-M', description: 'Inversor trifásico de 10 kW con dos MPPT para viviendas y comercios.', kind: 'inverter', power_w: 10000 },
  ] },
  { brand: 'Huawei', items: [
    { name: 'Huawei SUN2000-5KTL-L1', model: 'SUN2000-5KTL-L1', station_code: 'HW-SUN2000-5KTL-L1', description: 'Inversor monofásico de 5 kW con dos MPPT, listo para batería.', kind: 'inverter', power_w: 5000 },
  ] },
  { brand: 'JA Solar', items: [
    { name: 'JA Solar JAM72S30 545W', model: 'JAM72S30-545/MR', station_code: 'JA-JAM72S30-545', description: 'Panel monocristalino PERC de 545 Wp y 144 medias celdas.', kind: 'panel', power_w: 545 },
  ] },
  { brand: 'Jinko Solar', items: [
    { name: 'Jinko Tiger Neo 580W', model: 'JKM580N-72HL4-V', station_code: 'JK-TIGERNEO-580', description: 'Panel monocristalino tipo N (TOPCon) de 580 Wp.', kind: 'panel', power_w: 580 },
  ] },
  { brand: 'BYD', items: [
    { name: 'BYD Battery-Box Premium HVS 7.7', model: 'Battery-Box Premium HVS 7.7', station_code: 'BYD-HVS-7.7', description: 'Batería de litio ferrofosfato de alto voltaje con 7,7 kWh útiles.', kind: 'battery', power_w: 7680 },
  ] },
];

const TICKET_TYPES = [
  { name: 'Soporte técnico', description: 'Problemas con equipos o la plataforma' },
  { name: 'Facturación', description: 'Consultas sobre ahorro y tarifas' },
  { name: 'Mantención', description: 'Solicitudes de limpieza o revisión' },
];

/** Creates the demo once; returns false when it is already there. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, ADMIN.email));
    if (existing) return false;

    const [admin] = await tx.insert(users).values({
      email: ADMIN.email, password: await hashPassword(ADMIN.password), first_name: 'Ana', last_name: 'Administradora',
      phone: '+56 2 2345 6789', is_active: true, is_staff: true, is_superuser: true,
    }).returning();
    const [customer] = await tx.insert(users).values({
      email: CUSTOMER.email, password: await hashPassword(CUSTOMER.password), first_name: 'Carlos', last_name: 'Cliente',
      phone: '+56 9 8765 4321', address: 'Av. Providencia 1208, Providencia, Santiago', is_active: true,
    }).returning();
    await tx.insert(users).values({
      email: NEIGHBOUR.email, password: await hashPassword(NEIGHBOUR.password), first_name: 'Valentina', last_name: 'Vecina',
      phone: '+56 9 5555 1234', address: 'Los Jardines 455, Ñuñoa, Santiago', is_active: true,
    });

    const catalogue = await seedCatalogue(tx);

    const projectIds: Record<string, number> = {};
    for (const [projectName, plans] of Object.entries(PLANTS)) {
      const [project] = await tx.insert(projects).values({ name: projectName }).returning({ id: projects.id });
      projectIds[projectName] = project.id;
      for (const plan of plans) await seedPlant(tx, project.id, plan, catalogue);
    }
    const santiago = projectIds['Proyecto Demo Santiago'];
    const valparaiso = projectIds['Proyecto Industrial Valparaíso'];

    const [residential, industrial] = await tx.insert(tags).values([{ name: 'Clientes residenciales' }, { name: 'Industrial' }]).returning({ id: tags.id });
    await tx.insert(tagUsers).values({ tag: residential.id, customuser: customer.id });
    await tx.insert(tagProjects).values([{ tag: residential.id, project: santiago }, { tag: industrial.id, project: valparaiso }]);
    await tx.insert(projectUsers).values({ user_project: santiago, users: customer.id });

    await seedTickets(tx, admin.id, customer.id, await maipuDrop(tx));
    return true;
  });
}

async function seedCatalogue(tx: Tx) {
  const byName: Record<string, { id: number; model: string }> = {};
  for (const { brand, items } of CATALOGUE) {
    const [trademark] = await tx.insert(trademarks).values({ name: brand }).returning({ id: trademarks.id });
    const rows = await tx.insert(equipment)
      .values(items.map((item) => ({ ...item, trademark: trademark.id })))
      .returning({ id: equipment.id, name: equipment.name, model: equipment.model });
    for (const { name, ...row } of rows) byName[name] = row;
  }
  return byName;
}

const PANEL_WP = Object.fromEntries(CATALOGUE.flatMap((b) => b.items).filter((i) => i.kind === 'panel').map((i) => [i.name, i.power_w]));

async function seedPlant(tx: Tx, projectId: number, plan: PlantPlan, catalogue: Awaited<ReturnType<typeof seedCatalogue>>) {
  const { inverters, commune: [region, communeName], ...fields } = plan;
  const [commune] = await tx.select({ id: communes.id }).from(communes).where(and(eq(communes.region, region), eq(communes.name, communeName)));
  if (!commune) throw new Error(`seedDemo: commune ${communeName} (${region}) missing; run seedBase first`);
  const [plant] = await tx.insert(powerPlants).values({ ...fields, project: projectId, commune: commune.id }).returning({ id: powerPlants.id });

  for (const [i, inv] of inverters.entries()) {
    const [investor] = await tx.insert(investors).values({
      plant: plant.id, name: `Inversor ${i + 1}`, equipment: catalogue[inv.equipment].id,
      model: catalogue[inv.equipment].model, serial_number: inv.serial, nominal_power_kw: inv.nominal_power_kw,
    }).returning({ id: investors.id });
    for (let m = 1; m <= inv.mppts; m += 1) {
      const [mppt] = await tx.insert(mppts).values({ investor: investor.id, name: `MPPT ${m}`, number: m }).returning({ id: mppts.id });
      const [string] = await tx.insert(strings).values({ mppt: mppt.id, name: `String ${m}`, tilt: inv.tilt, azimuth: inv.azimuth }).returning({ id: strings.id });
      await tx.insert(panels).values(Array.from({ length: inv.panelsPerString }, (_, p) => ({
        string: string.id, name: `Panel ${p + 1}`, equipment: catalogue[inv.panel].id, power_wp: PANEL_WP[inv.panel],
        serial_number: `${inv.serial}-${m}-${String(p + 1).padStart(2, '0')}`,
      })));
    }
  }
}

const DAY_MS = 86_400_000;

/**
 * What the demo's simulated fault (server/measurements/demo-fault.ts) does to Planta Maipú, as its
 * customer and the administrator tell it in the demo ticket: the weekday it began, the energy of the
 * day before the customer writes (two days ago) against a normal day of the week before the fault,
 * and the weekday the fault ends (the technician's visit). Simulated as the demo feed will.
 */
async function maipuDrop(tx: Tx) {
  const [maipu] = (await demoInverters(tx)).filter((i) => i.plant === DEMO_FAULT.plant && i.fault);
  if (!maipu?.fault) throw new Error(`seedDemo: ${DEMO_FAULT.plant} missing`);
  const { window } = maipu.fault;
  const day = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
  const weekday = (ms: number) => new Intl.DateTimeFormat('es', { timeZone: DEFAULT_TIME_ZONE, weekday: 'long' }).format(ms);
  const from = window.from - 7 * DAY_MS;
  const days = dailyEnergyWh(simulateRange(maipu.model, new Date(from), new Date(window.to), { seed: 'demo', fault: window }), DEFAULT_TIME_ZONE);
  const before = [...days].filter(([d]) => d < day(window.from)).map(([, wh]) => wh);
  const kwh = (wh: number) => new Intl.NumberFormat('es', { maximumFractionDigits: 0 }).format(wh / 1000);
  return {
    since: weekday(window.from),
    yesterdayKwh: kwh(days.get(day(Date.now() - 3 * DAY_MS)) ?? 0),
    normalKwh: kwh(before.reduce((a, b) => a + b, 0) / Math.max(1, before.length)),
    visit: weekday(window.to),
  };
}

async function seedTickets(tx: Tx, adminId: number, customerId: number, drop: Awaited<ReturnType<typeof maipuDrop>>) {
  const types = await tx.insert(ticketTypes).values(TICKET_TYPES).returning({ id: ticketTypes.id, name: ticketTypes.name });
  const typeId = (name: string) => types.find((t) => t.name === name)!.id;
  // Explicit times: now() is the same for every row of a transaction, and threads are read in order.
  const ago = (hours: number) => new Date(Date.now() - hours * 3600_000);

  const [open] = await tx.insert(tickets).values({
    title: 'Baja producción en Planta Maipú', type: typeId('Soporte técnico'), customuser: customerId, status: 1,
    content: `Desde el ${drop.since} la planta produce cerca de la mitad de lo habitual.`,
    created_at: ago(50), updated_at: ago(26),
  }).returning({ id: tickets.id });
  await tx.insert(ticketAssignees).values({ ticket: open.id, user: adminId, assigned_at: ago(49) });
  await tx.insert(ticketMessages).values([
    { ticket: open.id, customuser: customerId, content: `Adjunto el dato: ayer fueron ${drop.yesterdayKwh} kWh y lo normal en esta época son unos ${drop.normalKwh} kWh.`, created_at: ago(48) },
    { ticket: open.id, customuser: adminId, content: `Gracias, Carlos. Revisamos el inversor y el MPPT ${DEMO_FAULT.mppt} no entrega corriente; el ${drop.visit} pasa un técnico a revisar el string.`, created_at: ago(26) },
  ]);

  const [closed] = await tx.insert(tickets).values({
    title: 'Consulta sobre el ahorro mensual', type: typeId('Facturación'), customuser: customerId, status: 2,
    content: '¿Con qué tarifa se calcula el ahorro que muestra el portal?',
    created_at: ago(24 * 20), updated_at: ago(24 * 19),
  }).returning({ id: tickets.id });
  await tx.insert(ticketMessages).values({
    ticket: closed.id, customuser: adminId, created_at: ago(24 * 19),
    content: 'El ahorro usa la tarifa de la planta, 160 CLP/kWh, según su última boleta. Cerramos la consulta; escríbenos si cambia tu tarifa.',
  });
}
