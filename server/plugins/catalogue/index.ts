/** Equipment brands (trademarks) and the equipment catalogue, with their images. Staff write, everyone signed in reads. */
import fp from 'fastify-plugin';
import { equipment, trademarks } from '../../db/schema.js';
import { crudRoutes } from '../../core/crud.js';
import { equipmentApi, trademarkApi } from '../../../contract/catalogue.js';

export default fp(async (app) => {
  crudRoutes(app, trademarkApi, {
    table: trademarks,
    files: { image: 'image' },
    ordering: { name: trademarks.name, id: trademarks.id, created_at: trademarks.created_at },
    search: [trademarks.name],
  });

  crudRoutes(app, equipmentApi, {
    table: equipment,
    files: { image: 'image' },
    references: { trademark: { table: trademarks } },
    ordering: { name: equipment.name, id: equipment.id, model: equipment.model, created_at: equipment.created_at },
    search: [equipment.name, equipment.model, equipment.station_code],
  });
}, { name: 'catalogue' });
