/**
 * Default distributors, tariffs and injection prices for a new database (seeded once, while there is
 * no distributor: staff edit or delete them afterwards). The figures are APPROXIMATE, of the order of
 * the distributors' published sheets of early 2025, written from memory without access to the
 * sheets: each `source` says so and names the document to check them against (docs/billing.md
 * "Defaults"). Never show them as official figures before staff have checked them.
 */
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { distributors, injectionPrices, tariffs } from '../db/schema.js';

const TO_CHECK = 'valor aproximado POR VERIFICAR contra';
const sheet = (distributor: string) => `${TO_CHECK} el pliego "Tarifas de suministro eléctrico" de ${distributor} vigente desde 2025-01-01 (decreto tarifario CNE/Ministerio de Energía de ese semestre)`;
const nodePrice = `${TO_CHECK} el precio de nudo de energía del informe técnico de precio de nudo promedio (CNE) vigente en 2025-01 (DS 57 de 2019: precio de la energía inyectada)`;

const BT1A_WINTER = { winter_threshold_kwh: 430, winter_from_month: 4, winter_to_month: 9 };

/** Per distributor: BT1a (homes) and, for Enel, the business options; CLP net of VAT. */
const DEFAULTS = [
  {
    name: 'Enel Distribución Chile', injection: 95, tariffs: [
      { option: 'BT1a', fixed_charge: 1000, energy_charge: 145.5, transmission_charge: 21.3, public_service_charge: 0.9, winter_charge: 210, ...BT1A_WINTER },
      { option: 'BT2', fixed_charge: 1500, energy_charge: 110, transmission_charge: 21.3, public_service_charge: 0.9, demand_charge: 9500 },
      { option: 'BT3', fixed_charge: 1500, energy_charge: 110, transmission_charge: 21.3, public_service_charge: 0.9, demand_charge: 11_000 },
      { option: 'BT4.3', fixed_charge: 1500, energy_charge: 108, transmission_charge: 21.3, public_service_charge: 0.9, demand_charge: 2500, peak_demand_charge: 9500 },
    ],
  },
  { name: 'CGE', injection: 97, tariffs: [{ option: 'BT1a', fixed_charge: 1100, energy_charge: 150, transmission_charge: 21.3, public_service_charge: 0.9, winter_charge: 215, ...BT1A_WINTER }] },
  { name: 'Chilquinta', injection: 96, tariffs: [{ option: 'BT1a', fixed_charge: 1050, energy_charge: 148, transmission_charge: 21.3, public_service_charge: 0.9, winter_charge: 212, ...BT1A_WINTER }] },
  { name: 'Saesa', injection: 100, tariffs: [{ option: 'BT1a', fixed_charge: 1200, energy_charge: 160, transmission_charge: 21.3, public_service_charge: 0.9, winter_charge: 230, ...BT1A_WINTER }] },
  { name: 'Frontel', injection: 100, tariffs: [{ option: 'BT1a', fixed_charge: 1250, energy_charge: 165, transmission_charge: 21.3, public_service_charge: 0.9, winter_charge: 235, ...BT1A_WINTER }] },
];

export async function seedTariffs(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(distributors);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    for (const d of DEFAULTS) {
      const [row] = await tx.insert(distributors).values({ name: d.name }).returning({ id: distributors.id });
      await tx.insert(tariffs).values(d.tariffs.map((t) => ({ ...t, distributor: row.id, valid_from: '2025-01-01', source: sheet(d.name) })));
      await tx.insert(injectionPrices).values({ distributor: row.id, month: '2025-01-01', price: d.injection, source: nodePrice });
    }
  });
}
