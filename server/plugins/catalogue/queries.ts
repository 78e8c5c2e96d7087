/** How brands (trademarks) and equipment reach the database. */
import { eq } from 'drizzle-orm';
import { naturalKey } from '../../db/sql.js';
import { equipment, investors, panels, trademarks } from '../../db/schema.js';
import { crudRows, refuseWhileUsed } from '../../core/crud.js';

export const trademarkRows = crudRows({
  table: trademarks,
  ordering: { name: naturalKey(trademarks.name), id: trademarks.id, created_at: trademarks.created_at },
  search: [trademarks.name],
});

export const equipmentRows = crudRows({
  table: equipment,
  references: { trademark: { table: trademarks } },
  ordering: { name: naturalKey(equipment.name), id: equipment.id, model: equipment.model, created_at: equipment.created_at },
  search: [equipment.name, equipment.model, equipment.station_code],
});

/** The list's `kind` filter (panels, inverters ...): none when not given. */
export const ofKind = (kind: (typeof equipment.$inferSelect)['kind'] | undefined) => (kind ? eq(equipment.kind, kind) : undefined);

/** A brand or an item still in use is not deleted (the rows using it would silently lose it): the 400 says what uses it. */
export const trademarkInUse = refuseWhileUsed('la marca', 'la', [{ column: equipment.trademark, one: 'equipo', many: 'equipos' }]);
export const equipmentInUse = refuseWhileUsed('el equipo', 'lo', [
  { column: investors.equipment, one: 'inversor', many: 'inversores' },
  { column: panels.equipment, one: 'panel', many: 'paneles' },
]);
