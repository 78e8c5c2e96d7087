/** Equipment brands (trademarks) and the equipment catalogue, with their images. */
import { Type, type Static } from '@sinclair/typebox';
import { listOf, ListQuery, S } from './common.js';
import { crud } from './crud.js';
import { endpoint } from './http.js';
import { oneOf } from './literals.js';

/** What an equipment item is: the hierarchy level that may use it (a panel's form offers panels only). */
export const EQUIPMENT_KINDS = ['inverter', 'panel', 'battery', 'meter', 'other'] as const;
export type EquipmentKind = typeof EQUIPMENT_KINDS[number];

/** Text lengths of brands and equipment (their database columns; a description is held to 5000). */
export const CATALOGUE_LIMITS = { name: 120, model: 120, stationCode: 120, description: 5000 } as const;
const L = CATALOGUE_LIMITS;

export const Trademark = Type.Object({
  id: Type.Integer(), name: Type.String(), image: S.nullable(Type.String()), created_at: S.timestamp(),
}, { title: 'Trademark' });
export type Trademark = Static<typeof Trademark>;
export const TrademarkBody = Type.Object({ name: S.name(L.name), image: Type.Optional(S.file()) });

export const Equipment = Type.Object({
  id: Type.Integer(), name: Type.String(), image: S.nullable(Type.String()),
  trademark: S.nullable(Type.Integer()), model: Type.String(), station_code: Type.String(), description: Type.String(),
  kind: oneOf(EQUIPMENT_KINDS),
  power_w: S.nullable(Type.Number({ description: "rated power, W (a panel's Wp): what a panel of this model is given" })),
  created_at: S.timestamp(),
}, { title: 'Equipment' });
export type Equipment = Static<typeof Equipment>;
export const EquipmentBody = Type.Object({
  name: S.name(L.name),
  image: Type.Optional(S.file()),
  trademark: Type.Optional(S.nullable(S.id())),
  model: Type.Optional(S.text(L.model)),
  station_code: Type.Optional(S.text(L.stationCode)),
  description: Type.Optional(S.text(L.description)),
  kind: Type.Optional(oneOf(EQUIPMENT_KINDS, { description: "'other' when not sent" })),
  power_w: Type.Optional(S.nullable(Type.Number({ minimum: 0, maximum: 10_000_000 }))),
});

const trademark = crud({ tag: 'catalogue', noun: 'trademark', item: Trademark, body: TrademarkBody, multipart: true });
export const trademarkApi = {
  list: trademark.list('/trademark-all/'),
  one: trademark.one('/trademark/:id'),
  create: trademark.create('/trademark/create'),
  update: trademark.update('/trademark/update/:id'),
  delete: trademark.delete('/trademark/deleted/:id'),
};

const equipment = crud({ tag: 'catalogue', noun: 'equipment', item: Equipment, body: EquipmentBody, multipart: true });
export const equipmentApi = {
  list: endpoint({
    method: 'GET', path: '/equipment-all/', access: 'user', tag: 'catalogue', summary: 'List equipment (kind=panel: panels only)',
    querystring: Type.Object({ ...ListQuery.properties, kind: Type.Optional(oneOf(EQUIPMENT_KINDS)) }), reply: { 200: listOf(Equipment) },
  }),
  one: equipment.one('/equipment/:id'),
  create: equipment.create('/equipment/create'),
  update: equipment.update('/equipment/update/:id'),
  delete: equipment.delete('/equipment/deleted/:id'),
};
