/** Equipment brands (trademarks) and the equipment catalogue, with their images. Staff write, everyone signed in reads. */
import fp from 'fastify-plugin';
import { crudRoutes, listRows } from '../../core/crud.js';
import { route } from '../../core/route.js';
import { equipmentApi, trademarkApi } from '../../../contract/catalogue.js';
import { equipmentInUse, equipmentRows, ofKind, trademarkInUse, trademarkRows } from './queries.js';

export default fp(async (app) => {
  crudRoutes(app, trademarkApi, { ...trademarkRows, files: { image: 'image' }, inUse: trademarkInUse });
  route(app, equipmentApi.list, (request) => listRows(request, equipmentRows, { where: ofKind(request.query.kind) }));
  crudRoutes(app, { ...equipmentApi, list: undefined }, { ...equipmentRows, files: { image: 'image' }, inUse: equipmentInUse });
}, { name: 'catalogue' });
