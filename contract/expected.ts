/**
 * Expected production (docs/expected-production.md): what a plant's panels should give, from the
 * simulator's physics applied to its strings and panels, under the weather forecast's clouds for the
 * days it covers and the place's climatology otherwise. Overlays for the day, month and year charts
 * (the same buckets), the performance ratio (actual / expected) of today, this month and this year,
 * and a 3-day production forecast. Access as the measurement calls: anyone signed in, for the plants
 * they may see (any other id is a 404). Dates are local in settings.time_zone.
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './http.js';
import { IdParams, S } from './common.js';
import { oneOf } from './literals.js';
import { WEATHER_PROBLEMS } from './weather.js';

/**
 * Why a plant's expectation is rough or missing. no_location and no_capacity leave it missing (nulls);
 * the others say what was assumed: no_panels (capacity_kwp spread over its strings, or one array at
 * 20° facing north), string_without_panels and panel_without_power (that string counted with none, or
 * with its other panels' mean Wp), capacity_mismatch (panels and capacity_kwp differ by over 10 %; the
 * panels win), no_inverter_power (no AC limit: clipping is not modelled).
 */
export const EXPECTED_WARNINGS = [
  'no_location', 'no_capacity', 'no_panels', 'string_without_panels', 'panel_without_power', 'capacity_mismatch', 'no_inverter_power',
] as const;
export type ExpectedWarningCode = typeof EXPECTED_WARNINGS[number];

export const ExpectedWarning = Type.Object({
  code: oneOf(EXPECTED_WARNINGS),
  investor: Type.Optional(Type.Integer({ description: 'the inverter it is about' })),
  string: Type.Optional(Type.Integer({ description: 'the string it is about' })),
}, { title: 'ExpectedWarning' });
export type ExpectedWarning = Static<typeof ExpectedWarning>;

/** Where the cloudiness came from: the weather forecast's hourly cloud cover, or the place's monthly climatology. */
export const SKY_SOURCES = ['forecast', 'climatology'] as const;
export type SkySource = typeof SKY_SOURCES[number];

/** What the model assumed about the plant. */
export const ExpectedModel = Type.Object({
  dc_wp: Type.Number({ description: 'modelled panel power, Wp' }),
  ac_limit_w: S.nullable(Type.Number({ description: "sum of the inverters' nominal AC power; null when one is unknown" })),
  warnings: Type.Array(ExpectedWarning),
}, { title: 'ExpectedModel' });

export const EXPECTED_CHART_TYPES = ['day', 'month', 'year'] as const;
export type ExpectedChartType = typeof EXPECTED_CHART_TYPES[number];

export const ExpectedEntry = Type.Object({
  bucket: Type.String({ description: 'as the chart: YYYY-MM-DDTHH:00 (day), YYYY-MM-DD (month), YYYY-MM (year)' }),
  start: S.timestamp(),
  energy_wh: S.nullable(Type.Number({ description: 'null when the plant cannot be modelled' })),
  sky: oneOf(SKY_SOURCES),
}, { title: 'ExpectedEntry' });

export const ExpectedChart = Type.Object({
  plant: Type.Integer(),
  type: oneOf(EXPECTED_CHART_TYPES),
  date: Type.String({ format: 'date' }),
  unit: Type.Literal('Wh'),
  series: Type.Array(ExpectedEntry),
  total_wh: S.nullable(Type.Number()),
  curve: Type.Array(Type.Object({ ts: S.timestamp(), power_w: Type.Number() }), {
    description: 'day: the expected AC power every 5 minutes, to overlay the 5-minute curve; [] for month and year',
  }),
  model: ExpectedModel,
}, { title: 'ExpectedChart' });
export type ExpectedChart = Static<typeof ExpectedChart>;

const Ratio = Type.Object({
  actual_wh: Type.Number({ description: 'from the rollups' }),
  expected_wh: S.nullable(Type.Number({ description: 'from the start of the period (or the commissioning date or first reading, when later) up to now; null before the first reading' })),
  ratio: S.nullable(Type.Number({ description: 'actual / expected; null without an expectation' })),
});
export const Performance = Type.Object({
  plant: Type.Integer(),
  timestamp: S.timestamp(),
  today: Ratio, month: Ratio, year: Ratio,
  model: ExpectedModel,
}, { title: 'Performance', description: 'performance ratio: actual production over the expected production of the same span' });
export type Performance = Static<typeof Performance>;

export const ProductionForecast = Type.Object({
  plant: Type.Integer(),
  sky: oneOf(SKY_SOURCES),
  weather_problem: S.nullable(oneOf(WEATHER_PROBLEMS, { description: 'why the forecast was not used when sky is climatology' })),
  days: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), energy_wh: S.nullable(Type.Number()), sky: oneOf(SKY_SOURCES) })),
  hours: Type.Array(Type.Object({ start: S.timestamp(), power_w: S.nullable(Type.Number({ description: 'mean AC power of the hour' })) })),
  model: ExpectedModel,
}, { title: 'ProductionForecast', description: 'today and the next two days: kWh per day and the mean power of each hour' });
export type ProductionForecast = Static<typeof ProductionForecast>;

const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, description: 'YYYY-MM-DD' });
export const ExpectedQuery = Type.Object({ type: oneOf(EXPECTED_CHART_TYPES), date: DateString });

const tag = 'expected';
export const expectedApi = {
  chart: endpoint({
    method: 'GET', path: '/v2/expected/:id', access: 'user', tag, params: IdParams, querystring: ExpectedQuery,
    summary: "A plant's expected production around a date, in the buckets of the chart of that type: the hours of the day (with a 5-minute curve), the days of the month, the months of the year",
    reply: { 200: ExpectedChart },
  }),
  performance: endpoint({
    method: 'GET', path: '/v2/expected/performance/:id', access: 'user', tag, params: IdParams,
    summary: "A plant's performance ratio (actual / expected) today, this month and this year, up to now",
    reply: { 200: Performance },
  }),
  forecast: endpoint({
    method: 'GET', path: '/v2/expected/forecast/:id', access: 'user', tag, params: IdParams,
    summary: "A plant's production forecast for today and the next two days, from the weather forecast's clouds when configured, the climatology otherwise",
    reply: { 200: ProductionForecast },
  }),
};
