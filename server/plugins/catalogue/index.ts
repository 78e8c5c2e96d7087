/** Equipment brands (trademarks) and the equipment catalogue, with their images. Staff write, everyone signed in reads. */
import fp from 'fastify-plugin';
import { crudRoutes } from '../../core/crud.js';
import { equipmentApi, trademarkApi } from '../../../contract/catalogue.js';
import { equipmentRows, trademarkRows } from './queries.js';

export default fp(async (app) => {
  crudRoutes(app, trademarkApi, { ...trademarkRows, files: { image: 'image' } });
  crudRoutes(app, equipmentApi, { ...equipmentRows, files: { image: 'image' } });
}, { name: 'catalogue' });
