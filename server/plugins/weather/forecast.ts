/**
 * The forecast service (WeatherAPI-style `forecast.json`: 3 days, Spanish, no air quality, no alerts),
 * asked with the server's key and trimmed to the contract's Weather, plus its hourly cloud cover,
 * temperature and wind for the production forecast (server/measurements/expected.ts). Answers are
 * cached 30 minutes per location in memory (forecasts change slowly and the free quota is small);
 * failures are not cached.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Weather } from '../../../contract/weather.js';
import type { Config } from '../../config.js';
import { ApiError } from '../../core/errors.js';
import type { ForecastHour } from '../../measurements/expected.js';

const WEATHER_CACHE_MS = 30 * 60_000;

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
      hour: Type.Optional(Type.Array(Type.Object({
        time_epoch: Type.Number(), cloud: Type.Number(), temp_c: Type.Number(), wind_kph: Type.Optional(Type.Number()),
      }))),
    })),
  }),
});
const UpstreamError = Type.Object({ error: Type.Object({ code: Type.Optional(Type.Number()), message: Type.Optional(Type.String()) }) });

/** Icons come protocol-relative ("//cdn.weatherapi.com/..."). */
const absoluteIcon = (icon: string) => (icon.startsWith('//') ? `https:${icon}` : icon);
const condition = (c: Static<typeof UpstreamCondition>) => ({ text: c.text, icon: absoluteIcon(c.icon), code: Math.trunc(c.code) });

/** What the service's answer gives us: the trimmed weather for the widget, and the hours for the production forecast. */
export interface Forecast { weather: Weather; hours: ForecastHour[] }

const hoursOf = (u: Static<typeof Upstream>): ForecastHour[] => u.forecast.forecastday.flatMap((d) => (d.hour ?? []).map((h) => ({
  start: h.time_epoch * 1000, cloudPercent: h.cloud, temperatureC: h.temp_c, windSpeed: (h.wind_kph ?? 3.6) / 3.6,
})));

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

const upstreamError = (extra: { upstream_code?: number } = {}) =>
  new ApiError(502, { detail: 'El servicio del tiempo respondió con un error.', code: 'weather_upstream_error', ...extra });

/** The forecast of a location query ("lat,lon" or "Commune, Chile"); `config` is read at each call. */
export function createForecasts(config: Pick<Config, 'weatherApiKey' | 'weatherBaseUrl' | 'weatherTimeoutMs'>, log: FastifyBaseLogger) {
  /** Answers by location query, and the requests in flight (two widgets opening at once ask once). */
  const cache = new Map<string, { expires: number; value: Forecast }>();
  const inFlight = new Map<string, Promise<Forecast>>();

  async function fetchForecast(q: string): Promise<Forecast> {
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
        log.warn({ q }, 'weather service timed out');
        throw new ApiError(504, { detail: 'El servicio del tiempo no respondió a tiempo.', code: 'weather_timeout' });
      }
      log.warn({ q, cause: (err as { cause?: { code?: string } })?.cause?.code }, 'weather service unreachable');
      throw new ApiError(502, { detail: 'No se pudo contactar al servicio del tiempo.', code: 'weather_unreachable' });
    } finally {
      clearTimeout(timer);
    }
    if (Value.Check(UpstreamError, json)) {
      log.warn({ q, status, upstream_code: json.error.code, upstream_message: json.error.message }, 'weather service error');
      throw upstreamError(json.error.code !== undefined ? { upstream_code: json.error.code } : {});
    }
    if (status < 200 || status >= 300 || !Value.Check(Upstream, json)) {
      log.warn({ q, status }, 'weather service answered something unexpected');
      throw upstreamError();
    }
    return { weather: trim(json), hours: hoursOf(json) };
  }

  return async function forecastFor(q: string): Promise<Forecast> {
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
  };
}
