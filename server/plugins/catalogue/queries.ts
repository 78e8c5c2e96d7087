/** How brands (trademarks) and equipment reach the database. */
import { equipment, trademarks } from '../../db/schema.js';
import { crudRows } from '../../core/crud.js';

export const trademarkRows = crudRows({
  table: trademarks,
  ordering: { name: trademarks.name, id: trademarks.id, created_at: trademarks.created_at },
  search: [trademarks.name],
});

export const equipmentRows = crudRows({
  table: equipment,
  references: { trademark: { table: trademarks } },
  ordering: { name: equipment.name, id: equipment.id, model: equipment.model, created_at: equipment.created_at },
  search: [equipment.name, equipment.model, equipment.station_code],
});
