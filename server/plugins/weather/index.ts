/**
 * The weather of a plant (contract/weather.ts): GET /weather/{plantId} proxies the forecast service
 * (./forecast.ts) so its key stays on the server.
 */
import fp from 'fastify-plugin';
import { weatherApi } from '../../../contract/weather.js';
import { ApiError } from '../../core/errors.js';
import { route } from '../../core/route.js';
import { createForecasts } from './forecast.js';
import { placeOf, visiblePlant } from './queries.js';

export default fp(async (app) => {
  const forecastFor = createForecasts(app.config, app.log);

  route(app, weatherApi.forecast, async (request) => {
    const plant = await visiblePlant(request, request.params.plantId);
    if (!app.config.weatherApiKey) throw new ApiError(503, { detail: 'El pronóstico del tiempo no está configurado.', code: 'weather_not_configured' });
    return forecastFor(await placeOf(app.db, plant));
  });
}, { name: 'weather' });
