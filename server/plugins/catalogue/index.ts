/** Equipment brands (trademarks) and the equipment catalogue, with their images. Staff write, everyone signed in reads. */
import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import { equipment, trademarks } from '../../db/schema.js';
import { crudRoutes, S } from '../../core/crud.js';

export const Trademark = Type.Object({
  id: Type.Integer(), name: Type.String(), image: S.nullable(Type.String()), created_at: S.timestamp(),
}, { title: 'Trademark' });

export const Equipment = Type.Object({
  id: Type.Integer(), name: Type.String(), image: S.nullable(Type.String()),
  trademark: S.nullable(Type.Integer()), model: Type.String(), station_code: Type.String(), description: Type.String(),
  created_at: S.timestamp(),
}, { title: 'Equipment' });

export default fp(async (app) => {
  crudRoutes(app, {
    name: 'trademark', table: trademarks, item: Trademark,
    body: Type.Object({ name: S.name(120), image: Type.Optional(S.file()) }),
    files: { image: 'image' },
    paths: { list: '/trademark-all/', one: '/trademark/:id', create: '/trademark/create', update: '/trademark/update/:id', delete: '/trademark/deleted/:id' },
    ordering: { name: trademarks.name, id: trademarks.id, created_at: trademarks.created_at },
    search: [trademarks.name],
  });

  crudRoutes(app, {
    name: 'equipment', table: equipment, item: Equipment,
    body: Type.Object({
      name: S.name(120),
      image: Type.Optional(S.file()),
      trademark: Type.Optional(S.nullable(S.id())),
      model: Type.Optional(S.text(120)),
      station_code: Type.Optional(S.text(120)),
      description: Type.Optional(S.text(5000)),
    }),
    files: { image: 'image' },
    references: { trademark: { table: trademarks } },
    paths: { list: '/equipment-all/', one: '/equipment/:id', create: '/equipment/create', update: '/equipment/update/:id', delete: '/equipment/deleted/:id' },
    ordering: { name: equipment.name, id: equipment.id, model: equipment.model, created_at: equipment.created_at },
    search: [equipment.name, equipment.model, equipment.station_code],
  });
}, { name: 'catalogue' });
