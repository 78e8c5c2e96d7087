/**
 * Alarms (issue 10; docs/alarms.md): conditions the server finds on a plant's data, opened once,
 * acknowledged by staff with a comment, closed by themselves when the condition clears, with their
 * history. Staff see every alarm; anyone else the alarms of the plants they see (another plant's alarm
 * is a 404) and cannot acknowledge or turn one into a ticket.
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './http.js';
import { IdParams, listOf, ListQuery, S } from './common.js';
import { oneOf } from './literals.js';
import type { Names } from './fronius-codes.js';

/** What a rule found. */
export const ALARM_KINDS = ['plant_offline', 'inverter_offline', 'inverter_error', 'mppt_low', 'battery_not_charging', 'production_low'] as const;
export type AlarmKind = typeof ALARM_KINDS[number];
export const AlarmKindSchema = oneOf(ALARM_KINDS, { description: 'what the rule found (docs/alarms.md)' });

/** The name of each kind in the five languages (mails, bell, pages). */
export const ALARM_KIND_NAMES: Record<AlarmKind, Names> = {
  plant_offline: { es: 'Planta sin conexión', en: 'Plant offline', fr: 'Centrale hors ligne', ar: 'المحطة غير متصلة', zh: '电站离线' },
  inverter_offline: { es: 'Inversor sin conexión', en: 'Inverter offline', fr: 'Onduleur hors ligne', ar: 'العاكس غير متصل', zh: '逆变器离线' },
  inverter_error: { es: 'Falla del inversor', en: 'Inverter fault', fr: 'Défaut de l’onduleur', ar: 'عطل في العاكس', zh: '逆变器故障' },
  mppt_low: { es: 'MPPT o string con baja producción', en: 'MPPT or string underperforming', fr: 'MPPT ou chaîne sous-productive', ar: 'انخفاض إنتاج MPPT أو السلسلة', zh: 'MPPT 或组串发电偏低' },
  battery_not_charging: { es: 'Batería sin cargar en un día soleado', en: 'Battery not charging on a sunny day', fr: 'Batterie non chargée par une journée ensoleillée', ar: 'البطارية لا تشحن في يوم مشمس', zh: '晴天电池未充电' },
  production_low: { es: 'Producción diaria bajo lo esperado', en: 'Daily production below expected', fr: 'Production journalière inférieure à l’attendu', ar: 'الإنتاج اليومي أقل من المتوقع', zh: '日发电量低于预期' },
};

export const ALARM_STATUSES = ['open', 'acknowledged', 'closed'] as const;
export type AlarmStatus = typeof ALARM_STATUSES[number];

export const ALARM_EVENTS = ['opened', 'acknowledged', 'ticket', 'closed'] as const;
export type AlarmEventKind = typeof ALARM_EVENTS[number];

export const ALARM_COMMENT_MAX = 2000;

export const Alarm = Type.Object({
  id: Type.Integer(),
  kind: AlarmKindSchema,
  status: oneOf(ALARM_STATUSES),
  plant: Type.Integer(), plant_name: Type.String(),
  project: Type.Integer(), project_name: Type.String(),
  investor: S.nullable(Type.Integer()), investor_name: S.nullable(Type.String()),
  mppt: S.nullable(Type.Integer()), mppt_name: S.nullable(Type.String()),
  string: S.nullable(Type.Integer()), string_name: S.nullable(Type.String()),
  opened_at: S.timestamp(), closed_at: S.nullable(S.timestamp()),
  acknowledged_by: S.nullable(Type.Integer()), acknowledged_by_name: S.nullable(Type.String()),
  acknowledged_at: S.nullable(S.timestamp()), acknowledged_comment: S.nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown(), { description: 'what the rule saw (figures, codes; docs/alarms.md)' }),
  ticket: S.nullable(Type.Integer({ description: 'the ticket made of it' })),
}, { title: 'Alarm' });
export type Alarm = Static<typeof Alarm>;

export const AlarmEvent = Type.Object({
  id: Type.Integer(), event: oneOf(ALARM_EVENTS), at: S.timestamp(),
  user: S.nullable(Type.Integer()), user_name: S.nullable(Type.String()),
  comment: S.nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown()),
}, { title: 'AlarmEvent' });
export type AlarmEvent = Static<typeof AlarmEvent>;

export const AlarmDetail = Type.Object({ ...Alarm.properties, events: Type.Array(AlarmEvent, { description: 'oldest first' }) }, { title: 'AlarmDetail' });
export type AlarmDetail = Static<typeof AlarmDetail>;

const date = () => Type.String({ format: 'date', maxLength: 10, description: 'YYYY-MM-DD, a day of the portal time zone' });
export const AlarmListQuery = Type.Object({
  ...ListQuery.properties,
  status: Type.Optional(oneOf(ALARM_STATUSES)),
  active: Type.Optional(Type.Boolean({ description: 'true: open or acknowledged; false: closed' })),
  kind: Type.Optional(AlarmKindSchema),
  plant: Type.Optional(S.id()),
  project: Type.Optional(S.id()),
  opened_from: Type.Optional(date()),
  opened_to: Type.Optional(date()),
});
export type AlarmListQuery = Static<typeof AlarmListQuery>;

export const AcknowledgeBody = Type.Object({ comment: S.nonBlank(ALARM_COMMENT_MAX) });
export const AlarmTicketBody = Type.Object({
  customuser: Type.Optional(S.nullable(S.id())),
}, { description: 'customuser: whose ticket it is; by default the first user of the plant, or the caller when the plant has none' });

/** Thresholds of the rules (docs/alarms.md). */
const thresholdFields = {
  alarm_offline_minutes: Type.Integer({ minimum: 5, maximum: 10080, description: 'minutes of daylight without readings' }),
  alarm_sibling_pct: Type.Number({ minimum: 1, maximum: 99, description: '% of its siblings (per installed Wp) below which an MPPT fails' }),
  alarm_sibling_window_minutes: Type.Integer({ minimum: 15, maximum: 1440, description: 'minutes of good light averaged' }),
  alarm_sunny_kwh_per_kwp: Type.Number({ minimum: 0.5, maximum: 10, description: 'kWh/kWp that make a day sunny' }),
  alarm_battery_min_kwh: Type.Number({ minimum: 0.01, maximum: 1000, description: 'kWh a battery below 90 % must take on a sunny day' }),
  alarm_expected_pct: Type.Number({ minimum: 1, maximum: 99, description: '% of the expected production (under an overcast sky) below which a day is too low' }),
};
export type ThresholdName = keyof typeof thresholdFields;
export const THRESHOLD_NAMES = Object.keys(thresholdFields) as ThresholdName[];
export const AlarmThresholds = Type.Object(thresholdFields, { title: 'AlarmThresholds' });
export type AlarmThresholds = Static<typeof AlarmThresholds>;
export const AlarmThresholdsUpdate = Type.Partial(Type.Object(thresholdFields));
const f = thresholdFields;
export const ThresholdOverrides = Type.Object({
  alarm_offline_minutes: S.nullable(f.alarm_offline_minutes),
  alarm_sibling_pct: S.nullable(f.alarm_sibling_pct),
  alarm_sibling_window_minutes: S.nullable(f.alarm_sibling_window_minutes),
  alarm_sunny_kwh_per_kwp: S.nullable(f.alarm_sunny_kwh_per_kwp),
  alarm_battery_min_kwh: S.nullable(f.alarm_battery_min_kwh),
  alarm_expected_pct: S.nullable(f.alarm_expected_pct),
}, { description: "the plant's own values; null takes the portal's" });
export const PlantThresholds = Type.Object({ plant: Type.Integer(), overrides: ThresholdOverrides, effective: AlarmThresholds }, { title: 'PlantThresholds' });
export type PlantThresholds = Static<typeof PlantThresholds>;
export const PlantThresholdsUpdate = Type.Partial(ThresholdOverrides, { description: 'null clears an override' });

const tag = 'alarm';
export const alarmApi = {
  list: endpoint({
    method: 'GET', path: '/alarm/list', access: 'user', tag,
    summary: 'Alarms (staff: all; anyone else: those of the plants they see), newest first. Filters: status, active, kind, plant, project, opened_from, opened_to',
    querystring: AlarmListQuery, reply: { 200: listOf(Alarm) },
  }),
  one: endpoint({ method: 'GET', path: '/alarm/detail/:id', access: 'user', tag, summary: 'One alarm with its history', params: IdParams, reply: { 200: AlarmDetail } }),
  ofPlant: endpoint({
    method: 'GET', path: '/alarm/of/plant/:id', access: 'user', tag, summary: 'The alarms of one plant, newest first (same filters as the list)',
    params: IdParams, querystring: AlarmListQuery, reply: { 200: listOf(Alarm) },
  }),
  acknowledge: endpoint({
    method: 'POST', path: '/alarm/acknowledge/:id', access: 'staff', tag,
    summary: 'Acknowledge an open alarm with a comment (it still closes by itself when the condition clears)',
    params: IdParams, body: AcknowledgeBody, reply: { 200: AlarmDetail },
  }),
  ticket: endpoint({
    method: 'POST', path: '/alarm/ticket/:id', access: 'staff', tag,
    summary: 'Turn an alarm into a ticket describing it; the ticket and the alarm link to each other (once: a second call answers the same ticket)',
    params: IdParams, body: AlarmTicketBody, reply: { 201: AlarmDetail, 200: AlarmDetail },
  }),
  thresholds: endpoint({ method: 'GET', path: '/alarm/thresholds', access: 'staff', tag, summary: 'The portal\'s alarm thresholds', reply: { 200: AlarmThresholds } }),
  updateThresholds: endpoint({
    method: 'PUT', path: '/alarm/thresholds', access: 'staff', tag, summary: 'Change the portal\'s alarm thresholds',
    body: AlarmThresholdsUpdate, reply: { 200: AlarmThresholds },
  }),
  plantThresholds: endpoint({
    method: 'GET', path: '/alarm/thresholds/plant/:id', access: 'staff', tag, summary: 'A plant\'s own thresholds and the ones in effect',
    params: IdParams, reply: { 200: PlantThresholds },
  }),
  updatePlantThresholds: endpoint({
    method: 'PUT', path: '/alarm/thresholds/plant/:id', access: 'staff', tag, summary: 'Set or clear (null) a plant\'s own thresholds',
    params: IdParams, body: PlantThresholdsUpdate, reply: { 200: PlantThresholds },
  }),
};
