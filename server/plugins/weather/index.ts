/**
 * The weather of a plant (contract/weather.ts): GET /weather/{plantId} proxies the forecast service
 * (./forecast.ts) so its key stays on the server. The same cached forecasts serve the production
 * forecast (`app.forecasts`, read by the expected-production plugin).
 */
import fp from 'fastify-plugin';
import { weatherApi } from '../../../contract/weather.js';
import { ApiError } from '../../core/errors.js';
import { route } from '../../core/route.js';
import { createForecasts, type Forecast } from './forecast.js';
import { placeOf, type Plant } from './queries.js';
import { visiblePlant } from '../../core/visibility.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The forecast of a plant's place (cached); null when no weather key is configured. */
    forecasts: { forecastOf(plant: Plant): Promise<Forecast> | null };
  }
}

export default fp(async (app) => {
  const forecastFor = createForecasts(app.config, app.log);
  app.decorate('forecasts', {
    forecastOf: (plant: Plant) => (app.config.weatherApiKey ? placeOf(app.db, plant).then(forecastFor) : null),
  });

  route(app, weatherApi.forecast, async (request) => {
    const plant = await visiblePlant(request, request.params.plantId);
    if (!app.config.weatherApiKey) throw new ApiError(503, { detail: 'El pronóstico del tiempo no está configurado.', code: 'weather_not_configured' });
    return (await forecastFor(await placeOf(app.db, plant))).weather;
  });
}, { name: 'weather' });
