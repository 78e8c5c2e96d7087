/**
 * The recorded vendor exchanges in ../shared/fixtures/vendors/<vendor>/ (schema vendor-exchange/1),
 * read at run time (never copied here), and the small HTTP server every fake cloud is built on:
 * listening on 127.0.0.1, able to stop listening (connection refused) and listen again on its port.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const VENDOR_FIXTURES = path.resolve('..', 'shared', 'fixtures', 'vendors');

export interface Exchange {
  name: string;
  kind: string;
  request: { method: string; path: string; query?: Record<string, unknown>; headers?: Record<string, string> };
  response: { status: number; content_type: string | null; body?: unknown; body_text?: string };
  notes?: string;
}

/** A recorded exchange, parsed afresh (callers may edit their copy). */
export function exchange(vendor: string, file: string): Exchange {
  return JSON.parse(fs.readFileSync(path.join(VENDOR_FIXTURES, vendor, file), 'utf8'));
}

export interface FakeServer {
  url: string;
  port: number;
  /** Stop listening (calls are refused) or listen again on the same port. */
  refuse(refused: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function fakeServer(handler: http.RequestListener): Promise<FakeServer> {
  const server = http.createServer(handler);
  const listen = (port = 0) => new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => { server.off('error', reject); resolve((server.address() as AddressInfo).port); });
  });
  const stop = () => new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
  const port = await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async refuse(refused) {
      if (refused) await stop();
      else if (!server.listening) await listen(port);
    },
    close: stop,
  };
}

/** Sends a recorded (or edited) response: its status, content type and body as recorded. */
export function sendRecorded(res: http.ServerResponse, response: Exchange['response']) {
  const body = response.body_text ?? (response.body === null || response.body === undefined ? '' : JSON.stringify(response.body));
  res.writeHead(response.status, response.content_type ? { 'content-type': response.content_type } : {});
  res.end(body);
}
