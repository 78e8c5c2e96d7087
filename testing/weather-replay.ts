/**
 * The forecast service on 127.0.0.1: a real HTTP server answering GET {base}/forecast.json with the
 * fixture of ../shared/fixtures/weather, recording every query it receives.
 * Modes: 'ok' (the forecast), 'invalid-key' (HTTP 401 with the service's error envelope),
 * 'garbage' (200 with a body that is not a forecast), 'slow' (the forecast after `slowMs`).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const WEATHER_FIXTURES = path.resolve('..', 'shared', 'fixtures', 'weather');
export const weatherFixture = (name: string): any => JSON.parse(fs.readFileSync(path.join(WEATHER_FIXTURES, name), 'utf8'));

export type WeatherMode = 'ok' | 'invalid-key' | 'garbage' | 'slow';

export interface WeatherReplay {
  /** Base URL for WEATHER_BASE_URL (with a path prefix, as the real service has /v1). */
  baseUrl: string;
  mode: WeatherMode;
  slowMs: number;
  /** Query of every request to forecast.json, in order. */
  queries: URLSearchParams[];
  close(): Promise<void>;
}

export async function startWeatherReplay(mode: WeatherMode = 'ok'): Promise<WeatherReplay> {
  const forecast = fs.readFileSync(path.join(WEATHER_FIXTURES, 'forecast-santiago-3d-es.json'));
  const invalidKey = fs.readFileSync(path.join(WEATHER_FIXTURES, 'error-invalid-key.json'));
  const pending = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method !== 'GET' || url.pathname !== '/v1/forecast.json') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":1005,"message":"API request url is invalid."}}');
      return;
    }
    replay.queries.push(url.searchParams);
    const json = (status: number, body: Buffer | string) => res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    switch (replay.mode) {
      case 'invalid-key': return json(401, invalidKey);
      case 'garbage': return json(200, '{"location": "somewhere"}');
      case 'slow': {
        const timer = setTimeout(() => { pending.delete(timer); if (!res.destroyed) json(200, forecast); }, replay.slowMs);
        pending.add(timer);
        return;
      }
      default: return json(200, forecast);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const replay: WeatherReplay = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    mode,
    slowMs: 2000,
    queries: [],
    close: () => new Promise<void>((resolve) => {
      for (const t of pending) clearTimeout(t);
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
  return replay;
}
