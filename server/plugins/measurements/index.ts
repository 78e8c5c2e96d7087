/**
 * The monitoring calls of SPEC.md §7 "Measurements" (contract/measurements.ts): a plant's live summary,
 * its curve of a day, totals per day, month or year, charts, and the latest readings of a plant, an
 * inverter, an MPPT or a string. The readings themselves are server/measurements/'s.
 */
import fp from 'fastify-plugin';
import { MAX_RANGE_DAYS, measurementApi } from '../../../contract/measurements.js';
import { badRequest, fieldError, MSG, type FieldErrors } from '../../core/errors.js';
import { route } from '../../core/route.js';
import { written } from '../../core/replies.js';
import { readSettings } from '../../core/settings.js';
import { investorLatest, mpptLatest, plantLatest, stringLatest } from '../../measurements/latest.js';
import { chart, dailyTotals, dayCurve, monthDays, yearMonths } from '../../measurements/queries.js';
import { plantSnapshot, projectSnapshot } from '../../domain/snapshot.js';
import { plantStatus } from '../../domain/plant-status.js';
import { dateString, daysBetween, isValidDate, parseLocalDate } from '../../measurements/time.js';
import { visibleInvestor, visibleMppt, visibleProject, visibleString } from './queries.js';
import { visiblePlant } from '../../core/visibility.js';

/** A YYYY-MM-DD that exists, or a 400 naming `field`. */
function localDate(field: string, text: string) {
  const date = parseLocalDate(text);
  if (!date) throw fieldError(field, 'Fecha inválida: usa AAAA-MM-DD.');
  return date;
}

/** SPEC.md §7's list of lists: `[[latest]]`, or `[]` before the first reading. */
const listOfLists = <T>(latest: T | null) => (latest ? [[latest]] : []);

export default fp(async (app) => {
  const { db } = app;
  const timeZone = async () => (await readSettings(db)).timeZone;

  // The status as the fleet view decides it (server/domain/plant-status.ts), beside the figures kept per reading.
  route(app, measurementApi.snapshot, async (request) => {
    const plant = await visiblePlant(request, request.params.id);
    const now = new Date();
    const snapshot = await plantSnapshot(db, plant, now);
    return { ...snapshot, ...await plantStatus(db, plant.id, snapshot.online) };
  });

  route(app, measurementApi.projectSnapshot, async (request) => projectSnapshot(db, (await visibleProject(request, request.params.id)).id));

  route(app, measurementApi.history, async (request) => {
    const { day, month, year } = request.query;
    const missing: FieldErrors = {
      ...(year === undefined ? { year: [MSG.required] } : {}),
      ...(day !== undefined && month === undefined ? { month: [MSG.required] } : {}),
    };
    if (year === undefined || Object.keys(missing).length) throw badRequest(missing);
    if (month !== undefined && day !== undefined && !isValidDate(year, month, day)) throw fieldError('day', 'Ese día no existe en ese mes.');
    const plant = await visiblePlant(request, request.params.id);
    if (month === undefined) return yearMonths(db, plant.id, await timeZone(), year);
    if (day === undefined) return monthDays(db, plant.id, await timeZone(), year, month);
    return written(await dayCurve(db, plant.id, await timeZone(), dateString(year, month, day)));
  });

  route(app, measurementApi.range, async (request) => {
    const { date_start: start, date_end: end } = request.query;
    localDate('date_start', start);
    localDate('date_end', end);
    const days = daysBetween(start, end);
    if (days < 0) throw fieldError('date_end', 'La fecha final no puede ser anterior a la inicial.');
    if (days + 1 > MAX_RANGE_DAYS) throw fieldError('date_end', `El rango no puede superar ${MAX_RANGE_DAYS} días.`);
    const plant = await visiblePlant(request, request.params.id);
    return dailyTotals(db, plant.id, await timeZone(), start, end);
  });

  route(app, measurementApi.chart, async (request) => {
    const date = localDate('date', request.query.date);
    const plant = await visiblePlant(request, request.params.id);
    return chart(db, plant.id, await timeZone(), request.query.type, date);
  });

  route(app, measurementApi.plantLatest, async (request) => plantLatest(db, await timeZone(), (await visiblePlant(request, request.params.id)).id));

  route(app, measurementApi.investorLatest, async (request) => {
    const investor = await visibleInvestor(request, request.params.id);
    return listOfLists(await investorLatest(db, await timeZone(), investor.id));
  });

  route(app, measurementApi.mpptLatest, async (request) => {
    const mppt = await visibleMppt(request, request.params.id);
    return listOfLists(await mpptLatest(db, await timeZone(), mppt));
  });

  route(app, measurementApi.stringLatest, async (request) => {
    const { string, mppt, siblings } = await visibleString(request, request.params.id);
    return listOfLists(await stringLatest(db, await timeZone(), string.id, mppt, siblings));
  });
}, { name: 'measurements' });
