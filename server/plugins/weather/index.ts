/**
 * The weather of a plant: GET /weather/{plantId} proxies the forecast service (WeatherAPI-style
 * `forecast.json`, 3 days, Spanish, no air quality, no alerts) so the key stays on the server, and
 * answers a trimmed shape. Answers are cached 30 minutes per location in memory (forecasts change
 * slowly and the free quota is small); failures are not cached.
 */
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { communes, powerPlants } from '../../db/schema.js';
import { ApiError } from '../../core/errors.js';
import { findVisible } from '../../core/crud.js';
import { IdParams } from '../../../contract/common.js';
import { ErrorBody } from '../../core/errors.js';

export const WEATHER_CACHE_MS = 30 * 60_000;

const Condition = Type.Object({
  text: Type.String(), icon: Type.String({ description: 'https URL of the icon' }), code: Type.Integer(),
});

export const Weather = Type.Object({
  location: Type.Object({
    name: Type.String(), region: Type.String(), country: Type.String(),
    localtime: Type.String({ description: 'local time at the place, "YYYY-MM-DD HH:mm"' }),
  }),
  current: Type.Object({
    temp_c: Type.Number(), condition: Condition, humidity: Type.Number(), wind_kph: Type.Number(), is_day: Type.Boolean(),
  }),
  forecast: Type.Array(Type.Object({
    date: Type.String({ format: 'date' }),
    maxtemp_c: Type.Number(), mintemp_c: Type.Number(), condition: Condition,
    daily_chance_of_rain: Type.Number({ description: '%' }),
    sunrise: Type.Optional(Type.String({ description: 'e.g. "06:31 AM"' })),
    sunset: Type.Optional(Type.String()),
  })),
}, { title: 'Weather' });
type Weather = Static<typeof Weather>;

/** The part of the service's answer we use; other fields are ignored (the service adds fields over time). */
const UpstreamCondition = Type.Object({ text: Type.String(), icon: Type.String(), code: Type.Number() });
const Upstream = Type.Object({
  location: Type.Object({ name: Type.String(), region: Type.String(), country: Type.String(), localtime: Type.String() }),
  current: Type.Object({
    temp_c: Type.Number(), condition: UpstreamCondition, humidity: Type.Number(), wind_kph: Type.Number(), is_day: Type.Number(),
  }),
  forecast: Type.Object({
    forecastday: Type.Array(Type.Object({
      date: Type.String(),
      day: Type.Object({
        maxtemp_c: Type.Number(), mintemp_c: Type.Number(), condition: UpstreamCondition,
        daily_chance_of_rain: Type.Optional(Type.Union([Type.Number(), Type.String()])),
      }),
      astro: Type.Optional(Type.Object({ sunrise: Type.Optional(Type.String()), sunset: Type.Optional(Type.String()) })),
    })),
  }),
});
const UpstreamError = Type.Object({ error: Type.Object({ code: Type.Optional(Type.Number()), message: Type.Optional(Type.String()) }) });

/** Icons come protocol-relative ("//cdn.weatherapi.com/..."). */
const absoluteIcon = (icon: string) => (icon.startsWith('//') ? `https:${icon}` : icon);
const condition = (c: Static<typeof UpstreamCondition>) => ({ text: c.text, icon: absoluteIcon(c.icon), code: Math.trunc(c.code) });

function trim(u: Static<typeof Upstream>): Weather {
  return {
    location: { name: u.location.name, region: u.location.region, country: u.location.country, localtime: u.location.localtime },
    current: {
      temp_c: u.current.temp_c, condition: condition(u.current.condition), humidity: u.current.humidity,
      wind_kph: u.current.wind_kph, is_day: u.current.is_day === 1,
    },
    forecast: u.forecast.forecastday.map((d) => ({
      date: d.date, maxtemp_c: d.day.maxtemp_c, mintemp_c: d.day.mintemp_c, condition: condition(d.day.condition),
      daily_chance_of_rain: Number(d.day.daily_chance_of_rain ?? 0) || 0,
      ...(d.astro?.sunrise ? { sunrise: d.astro.sunrise } : {}),
      ...(d.astro?.sunset ? { sunset: d.astro.sunset } : {}),
    })),
  };
}

const upstreamError = (extra: Record<string, unknown> = {}) =>
  new ApiError(502, { detail: 'El servicio del tiempo respondió con un error.', code: 'weather_upstream_error', ...extra });

export default fp(async (app) => {
  const { config } = app;
  /** Answers by location query, and the requests in flight (two widgets opening at once ask once). */
  const cache = new Map<string, { expires: number; value: Weather }>();
  const inFlight = new Map<string, Promise<Weather>>();

  async function fetchForecast(q: string): Promise<Weather> {
    const url = new URL(`${config.weatherBaseUrl}/forecast.json`);
    url.search = new URLSearchParams({ key: config.weatherApiKey!, q, days: '3', lang: 'es', aqi: 'no', alerts: 'no' }).toString();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), config.weatherTimeoutMs);
    let status: number;
    let json: unknown;
    try {
      const res = await fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } });
      status = res.status;
      json = await res.json().catch(() => undefined);
    } catch (err) {
      // Log without the URL: it carries the key.
      if (controller.signal.aborted) {
        app.log.warn({ q }, 'weather service timed out');
        throw new ApiError(504, { detail: 'El servicio del tiempo no respondió a tiempo.', code: 'weather_timeout' });
      }
      app.log.warn({ q, cause: (err as { cause?: { code?: string } })?.cause?.code }, 'weather service unreachable');
      throw new ApiError(502, { detail: 'No se pudo contactar al servicio del tiempo.', code: 'weather_unreachable' });
    } finally {
      clearTimeout(timer);
    }
    if (Value.Check(UpstreamError, json)) {
      app.log.warn({ q, status, upstream_code: json.error.code, upstream_message: json.error.message }, 'weather service error');
      throw upstreamError(json.error.code !== undefined ? { upstream_code: json.error.code } : {});
    }
    if (status < 200 || status >= 300 || !Value.Check(Upstream, json)) {
      app.log.warn({ q, status }, 'weather service answered something unexpected');
      throw upstreamError();
    }
    return trim(json);
  }

  async function forecastFor(q: string): Promise<Weather> {
    const hit = cache.get(q);
    if (hit && hit.expires > Date.now()) return hit.value;
    let pending = inFlight.get(q);
    if (!pending) {
      pending = fetchForecast(q).then((value) => {
        cache.set(q, { expires: Date.now() + WEATHER_CACHE_MS, value });
        return value;
      }).finally(() => inFlight.delete(q));
      inFlight.set(q, pending);
    }
    return pending;
  }

  app.get('/weather/:plantId', {
    schema: {
      tags: ['weather'],
      summary: "Current weather and 3-day forecast at a plant (its coordinates, or its commune's name)",
      params: Type.Object({ plantId: IdParams.properties.id }),
      response: {
        200: Weather,
        400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody,
        // The 5xx are part of the contract, not crashes: the widget tells "not configured" (503) from
        // "the service failed" (502) and "too slow" (504), and the bad-input suite allows the 503.
        502: { ...ErrorBody, description: 'The weather service answered an error, or could not be reached: {detail, code, upstream_code?}' },
        503: { ...ErrorBody, description: "No weather key configured: {detail, code: 'weather_not_configured'}" },
        504: { ...ErrorBody, description: 'The weather service did not answer in time: {detail, code}' },
      },
    },
  }, async (request) => {
    const { plantId } = request.params as { plantId: number };
    const plant = await findVisible(request, powerPlants, plantId, 'plant');
    if (!config.weatherApiKey) {
      throw new ApiError(503, { detail: 'El pronóstico del tiempo no está configurado.', code: 'weather_not_configured' });
    }
    let q: string;
    if (plant.latitude != null && plant.longitude != null) {
      q = `${plant.latitude},${plant.longitude}`;
    } else {
      const [commune] = plant.commune != null
        ? await app.db.select({ name: communes.name }).from(communes).where(eq(communes.id, plant.commune as number))
        : [];
      if (!commune) {
        throw new ApiError(400, { detail: 'La central no tiene coordenadas ni comuna para consultar el tiempo.', code: 'weather_no_location' });
      }
      q = `${commune.name}, Chile`;
    }
    return forecastFor(q);
  });
}, { name: 'weather' });
