import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { REALTIME } from '@couple/protocol';
import type { Config } from '../config.js';
import { secretsMatch } from '../http/secrets.js';

type Accept = (request: IncomingMessage, socket: Duplex, head: Buffer, vsn: string) => void;

function refuse(socket: Duplex, status: number, text: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * The server's `upgrade` listener for /realtime/v1/websocket: a foreign origin, a wrong API key
 * or an unknown protocol version is refused with an HTTP answer; the rest is accepted. Other
 * paths are left alone (socket.io's own, or refused by engine.io).
 */
export function realtimeUpgrade(
  config: Pick<Config, 'PUBLIC_URL' | 'CORS_ORIGINS'>,
  anonKey: string,
  accept: Accept,
) {
  const ownOrigin = new URL(config.PUBLIC_URL).origin;
  return (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME.path) return; // socket.io's own, or refused by engine.io
    const origin = request.headers.origin;
    if (origin && origin !== ownOrigin && !config.CORS_ORIGINS.includes(origin)) {
      return refuse(socket, 403, 'Forbidden', 'Origin not allowed');
    }
    const apikey = url.searchParams.get('apikey') ?? request.headers.apikey;
    if (typeof apikey !== 'string' || !secretsMatch(apikey, anonKey)) {
      return refuse(socket, 401, 'Unauthorized', 'Invalid API key');
    }
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (!(REALTIME.versions as readonly string[]).includes(vsn)) {
      return refuse(socket, 400, 'Bad Request', `Unsupported vsn ${vsn}`);
    }
    accept(request, socket, head, vsn);
  };
}
