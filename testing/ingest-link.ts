/**
 * The site's internet link between the agent and a real portal, for the agent's tests: an HTTP relay
 * that passes pushes to the portal while `up`, and cuts every connection while down (the portal or the
 * internet away). It records each push's points and the portal's answer, and `onAnswer` may act
 * between the portal's answer and its delivery to the agent (a kill -9 in the middle of a batch).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Push { points: { investor: string | number; ts: string }[]; status: number; answer: { stored: number; duplicates: number } | null }

export interface IngestLink {
  url: string;
  up: boolean;
  pushes: Push[];
  /** The agent's status reports (POST /api/ingest/agent) and the portal's answers. */
  statuses: { body: unknown; status: number }[];
  /** Called with each push the portal answered, before the agent gets the answer; `false` withholds it (the connection is cut). */
  onAnswer: ((push: Push) => boolean | Promise<boolean>) | null;
  close(): Promise<void>;
}

export async function ingestLink(portal: string): Promise<IngestLink> {
  const link: IngestLink = { url: '', up: true, pushes: [], statuses: [], onAnswer: null, close: async () => {} };
  const server = http.createServer((req, res) => {
    if (!link.up) return req.socket.destroy();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const answer = await fetch(`${portal}${req.url}`, {
        method: req.method, body, headers: { 'content-type': String(req.headers['content-type']), 'x-api-key': String(req.headers['x-api-key']) },
      });
      const text = await answer.text();
      if (req.url?.endsWith('/agent')) {
        link.statuses.push({ body: JSON.parse(body.toString()), status: answer.status });
        return res.writeHead(answer.status).end(text);
      }
      const push: Push = { points: JSON.parse(body.toString()).points, status: answer.status, answer: answer.ok ? JSON.parse(text) : null };
      link.pushes.push(push);
      if (link.onAnswer && !(await link.onAnswer(push))) return req.socket.destroy();
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  link.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  link.close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return link;
}
