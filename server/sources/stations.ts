/**
 * What the clients built on ./types.ts's `Station` and `StationInventory` (SolarEdge, Growatt,
 * Sungrow) describe, as the interface's `SourceStation` and `SourceDevice`: one mapping for every
 * such connector, so that a station's place, capacity and devices read alike whatever the brand.
 */
import type { SourceDevice, SourceStation, Station, StationEquipment, StationInventory } from './types.js';

/** A station as the interface lists it: capacity in kWp, its place in one line. */
export function sourceStation(s: Station): SourceStation {
  const place = [s.location?.address, s.location?.city, s.location?.country].filter(Boolean).join(', ');
  return { code: s.id, name: s.name, address: place, capacityKwp: s.capacity_w ? s.capacity_w / 1000 : null };
}

/** A station's inventory as devices; `vendorType` is the vendor's type of each kind (0 where it has none). */
export function sourceDevices(station: string, inventory: StationInventory, vendorType: Partial<Record<keyof StationInventory, number>> = {}): SourceDevice[] {
  const of = (list: StationEquipment[], kind: SourceDevice['kind'], key: keyof StationInventory) => list.map((e) => ({
    id: e.id, station, kind, vendorType: vendorType[key] ?? 0, name: e.name, model: e.model ?? '', serial: e.serial ?? e.id,
  }));
  return [...of(inventory.inverters, 'inverter', 'inverters'), ...of(inventory.meters, 'meter', 'meters'), ...of(inventory.batteries, 'battery', 'batteries')];
}

/** The devices of each station, one inventory call a station (each taken from the budget by `inventory`). */
export async function devicesOf(stations: string[], inventory: (station: string) => Promise<StationInventory>): Promise<SourceDevice[]> {
  const found: SourceDevice[] = [];
  for (const station of stations) found.push(...sourceDevices(station, await inventory(station)));
  return found;
}
