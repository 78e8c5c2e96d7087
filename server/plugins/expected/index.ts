/**
 * Expected production (contract/expected.ts): chart overlays, performance ratio and the 3-day
 * production forecast of a plant, from server/measurements/expected.ts. The forecast's clouds come
 * from the weather plugin's cached forecasts (`app.forecasts`) when a weather key is configured.
 */
import fp from 'fastify-plugin';
import { expectedApi } from '../../../contract/expected.js';
import type { WeatherProblemCode } from '../../../contract/weather.js';
import { ApiError, fieldError } from '../../core/errors.js';
import { route } from '../../core/route.js';
import { readSettings } from '../../core/settings.js';
import { plantPerformance } from '../../domain/plant-status.js';
import {
  dailyBuckets, dayBuckets, localDays, modelSummary, monthlyBuckets, plantModels, productionForecast, type ForecastHour,
} from '../../measurements/expected.js';
import { dateString, isoInZone, parseLocalDate } from '../../measurements/time.js';
import { visiblePlant } from '../../core/visibility.js';

type Plant = Awaited<ReturnType<typeof visiblePlant>>;

/** A calendar date `days` later (YYYY-MM-DD). */
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export default fp(async (app) => {
  const { db } = app;

  /** The forecast's hours for a plant, or why there are none. Failures of the service fall back on the climatology. */
  async function forecastHours(plant: Plant): Promise<{ hours: ForecastHour[] | null; problem: WeatherProblemCode | null }> {
    try {
      const pending = app.forecasts.forecastOf(plant);
      if (!pending) return { hours: null, problem: 'weather_not_configured' };
      return { hours: (await pending).hours, problem: null };
    } catch (err) {
      const code = err instanceof ApiError ? err.body.code : undefined;
      if (typeof code !== 'string') throw err;
      app.log.debug({ plant: plant.id, code }, 'production forecast: no weather forecast, climatology instead');
      return { hours: null, problem: code as WeatherProblemCode };
    }
  }

  route(app, expectedApi.chart, async (request) => {
    const date = parseLocalDate(request.query.date);
    if (!date) throw fieldError('date', 'Fecha inválida: usa AAAA-MM-DD.');
    const plant = await visiblePlant(request, request.params.id);
    const { timeZone } = await readSettings(db);
    const model = (await plantModels(db, [plant.id])).get(plant.id)!;
    const { type } = request.query;
    const day = dateString(date.year, date.month, date.day);
    const [first, last] = type === 'day' ? [day, day]
      : type === 'month' ? [dateString(date.year, date.month, 1), dateString(date.year, date.month, new Date(Date.UTC(date.year, date.month, 0)).getUTCDate())]
        : [`${date.year}-01-01`, `${date.year}-12-31`];
    // Only a span that reaches the forecast's days (today and the next two) asks for it.
    const today = isoInZone(new Date(), timeZone).slice(0, 10);
    const { hours } = first <= addDays(today, 2) && last >= today ? await forecastHours(plant) : { hours: null };
    const reply = { plant: plant.id, type, date: day, unit: 'Wh' as const, model: modelSummary(model) };
    if (type === 'day') {
      const [local] = await localDays(db, timeZone, day, day);
      return { ...reply, ...dayBuckets(model, local, timeZone, hours) };
    }
    const series = type === 'month' ? await dailyBuckets(db, model, timeZone, first, last, hours) : await monthlyBuckets(db, model, timeZone, date.year, hours);
    const total = series.some((s) => s.energy_wh === null) ? null : Math.round(series.reduce((wh, s) => wh + s.energy_wh!, 0) * 10) / 10;
    return { ...reply, series, total_wh: total, curve: [] };
  });

  route(app, expectedApi.performance, async (request) => {
    const plant = await visiblePlant(request, request.params.id);
    const { timeZone } = await readSettings(db);
    // The fleet's ratio (climatology, stored ahead), not the forecast's: one ratio on every screen.
    return plantPerformance(db, plant.id, timeZone);
  });

  route(app, expectedApi.forecast, async (request) => {
    const plant = await visiblePlant(request, request.params.id);
    const { timeZone } = await readSettings(db);
    const model = (await plantModels(db, [plant.id])).get(plant.id)!;
    const { hours, problem } = await forecastHours(plant);
    const forecast = await productionForecast(db, model, timeZone, new Date(), hours);
    const used = forecast.days.some((d) => d.sky === 'forecast');
    return { plant: plant.id, sky: used ? 'forecast' as const : 'climatology' as const, weather_problem: used ? null : problem, ...forecast, model: modelSummary(model) };
  });
}, { name: 'expected', dependencies: ['weather'] });
