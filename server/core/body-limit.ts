/**
 * A body over the limit is answered 413 `{detail}`, and the client gets the answer (issue 33, item 4).
 *
 * Fastify refuses such a body with `Connection: close`, and Node then closes the socket at once,
 * while the client is still sending: closing a socket with unread data sends a reset, and the
 * client's kernel throws away the 413 it had received. A gateway that never sees the answer sends
 * the same body again, forever. So:
 * - `Expect: 100-continue` (curl sends it for bodies over 1 kB): Node no longer says `100 Continue`
 *   by itself; the route does, once its `onRequest` checks (an API key, a login) passed, only when
 *   the declared Content-Length is within its limit. Over the limit the 413 goes out before any of
 *   the body is sent, and the client sends none.
 * - Otherwise (no Expect, or a chunked body that grows past the limit): after such an answer the
 *   connection is closed only once the client has finished sending (what it sends is read and
 *   dropped), or after DRAIN_MS or DRAIN_BYTES, whichever comes first: a client that sends on
 *   forever is then cut off (reset) as before.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long, and how much, a refused request is read on for its answer to arrive whole. */
export const DRAIN_MS = 10_000;
export const DRAIN_BYTES = 64 * 1024 * 1024;

const draining = new WeakSet<Socket>();

/** Closes the socket once the client stops sending (or is cut off at the bounds), instead of at once. */
function closeWhenDrained(socket: Socket) {
  if (draining.has(socket)) return;
  draining.add(socket);
  let read = 0;
  const cutOff = () => socket.destroy();
  const timer = setTimeout(cutOff, DRAIN_MS);
  timer.unref();
  socket.on('data', (chunk: Buffer) => { read += chunk.length; if (read > DRAIN_BYTES) cutOff(); });
  socket.once('end', cutOff);
  socket.once('close', () => clearTimeout(timer));
  socket.resume();
}

export function installBodyLimitAnswer(app: FastifyInstance) {
  // With a 'checkContinue' listener Node leaves the `100 Continue` to us (preParsing below).
  app.server.on('checkContinue', (request, response) => app.server.emit('request', request, response));

  // preParsing runs after the route's onRequest checks, right before the body is read.
  app.addHook('preParsing', (request, reply, payload, done) => {
    const raw = request.raw;
    if (raw.headers.expect?.toLowerCase() === '100-continue' && !reply.raw.headersSent) {
      const declared = Number(raw.headers['content-length']);
      if (!(declared > request.routeOptions.bodyLimit)) reply.raw.writeContinue();
    }
    done(null, payload);
  });

  // An answer sent before the whole body was read, on a connection Node is to close: close it only
  // once the client has finished sending. (Answers that keep the connection alive are fine: Node
  // reads the rest of the body itself.)
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    const socket = raw.socket as Socket | null;
    if (!raw.complete && socket && String(reply.getHeader('connection')).toLowerCase() === 'close') {
      // Node ends a `Connection: close` answer with socket.destroySoon(): a shut write side, then a
      // destroy as soon as the answer is written. Keep the shut write side, defer the destroy.
      socket.destroySoon = function destroySoonWhenDrained(this: Socket) {
        this.end();
        closeWhenDrained(this);
      };
    }
    done(null, payload);
  });
}
