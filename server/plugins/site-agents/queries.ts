/** Site agents as they last reported (site_agents), and the inverters their devices become. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { investors, mppts, siteAgents, type SiteAgentDevice } from '../../db/schema.js';
import type { AgentStatus, SiteAgent } from '../../../contract/site-agents.js';

/** Keeps an agent's status as its plant's (one row per plant and agent name), with the time of this contact. */
export async function saveStatus(db: Db, plant: number, status: AgentStatus, now = new Date()) {
  const values = {
    version: status.version, devices: status.devices as SiteAgentDevice[], backlog: status.backlog.readings,
    oldest_waiting_at: status.backlog.oldest_at ? new Date(status.backlog.oldest_at) : null, last_contact_at: now,
  };
  await db.insert(siteAgents).values({ plant, agent: status.agent.trim(), ...values })
    .onConflictDoUpdate({ target: [siteAgents.plant, siteAgents.agent], set: values });
}

export async function agentsOf(db: Db, plant: number): Promise<SiteAgent[]> {
  const rows = await db.select().from(siteAgents).where(eq(siteAgents.plant, plant)).orderBy(asc(siteAgents.agent));
  return rows.map((r) => ({
    id: r.id, plant: r.plant, agent: r.agent, version: r.version, devices: r.devices,
    backlog: { readings: r.backlog, oldest_at: r.oldest_waiting_at?.toISOString() ?? null },
    first_contact_at: r.first_contact_at.toISOString(), last_contact_at: r.last_contact_at.toISOString(),
  }));
}

/**
 * The inverters the plant's agents read that the plant lacks (by serial number), created with their
 * MPPTs in one transaction: a serial already in the plant is skipped, so a second click adds nothing.
 */
export async function adoptDevices(db: Db, plant: number) {
  return db.transaction(async (tx) => {
    const found = (await tx.select({ devices: siteAgents.devices }).from(siteAgents).where(eq(siteAgents.plant, plant)))
      .flatMap((a) => a.devices).filter((d) => d.kind === 'inverter' && d.serial?.trim());
    const present = new Set((await tx.select({ serial: investors.serial_number }).from(investors).where(eq(investors.plant, plant))).map((i) => i.serial.trim()));
    const created: { id: number; name: string; serial_number: string; mppts: number }[] = [];
    const skipped: string[] = [];
    for (const device of found) {
      const serial = device.serial!.trim();
      if (present.has(serial)) {
        if (!skipped.includes(serial)) skipped.push(serial);
        continue;
      }
      present.add(serial);
      const model = [device.manufacturer, device.model].filter(Boolean).join(' ').slice(0, 120);
      const name = `${device.model ?? device.manufacturer ?? 'Inverter'} ${serial}`.slice(0, 150);
      const [row] = await tx.insert(investors).values({
        plant, name, model, serial_number: serial, nominal_power_kw: device.rated_power_w === null ? null : device.rated_power_w / 1000,
      }).returning({ id: investors.id });
      if (device.mppts > 0) {
        await tx.insert(mppts).values(Array.from({ length: device.mppts }, (_, i) => ({ investor: row.id, name: `MPPT ${i + 1}`, number: i + 1 })));
      }
      created.push({ id: row.id, name, serial_number: serial, mppts: device.mppts });
    }
    return { created, skipped };
  });
}
