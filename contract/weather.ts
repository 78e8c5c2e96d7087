/**
 * The weather of a plant: the server proxies the forecast service (so its key stays on the server)
 * and answers a trimmed current weather and 3-day forecast. Its 5xx are part of the contract, not
 * crashes: the widget tells "not configured" (503) from "the service failed" (502) and "too slow" (504).
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, FieldErrors } from './http.js';
import { S } from './common.js';
import { oneOf } from './literals.js';

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
export type Weather = Static<typeof Weather>;

/** Why there is no forecast, for the widget to say so. */
export const WEATHER_PROBLEMS = ['weather_not_configured', 'weather_no_location', 'weather_upstream_error', 'weather_unreachable', 'weather_timeout'] as const;
export type WeatherProblemCode = typeof WEATHER_PROBLEMS[number];

/** `{detail, code}`; `code` is absent only from the 503 of a database out of reach. */
const problem = (description: string) => Type.Object({
  detail: Type.String(),
  code: Type.Optional(oneOf(WEATHER_PROBLEMS)),
  upstream_code: Type.Optional(Type.Number({ description: "the service's own error code" })),
}, { description });

export const weatherApi = {
  forecast: endpoint({
    method: 'GET', path: '/weather/:plantId', access: 'user', tag: 'weather', params: Type.Object({ plantId: S.id() }),
    summary: "Current weather and 3-day forecast at a plant (its coordinates, or its commune's name)",
    reply: {
      200: Weather,
      400: Type.Union([FieldErrors, problem("The plant has neither coordinates nor commune: {detail, code: 'weather_no_location'}")]),
      502: problem('The weather service answered an error, or could not be reached: {detail, code, upstream_code?}'),
      503: problem("No weather key configured: {detail, code: 'weather_not_configured'}"),
      504: problem('The weather service did not answer in time: {detail, code}'),
    },
  }),
};
