/**
 * The delivery baseline: a bare socket.io relay with no auth and no database. A client says who
 * it is and who its partner is in the handshake; `send_message` is acknowledged and forwarded to
 * the partner's room as `new_message`, like the real server does after its transaction commits.
 * With REDIS_URL it uses the same Redis adapter, so two relays carry cross-instance traffic.
 * With FLOOR_DATABASE_URL or FLOOR_DATA_DIR it is the delivery floor: each desire is first
 * committed by one `INSERT … RETURNING` (lib/floor-store.ts), then forwarded and acknowledged.
 * Run by the benchmarks as a separate process: `node --import tsx bench/baseline-relay.ts`.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { openFloorStore } from './lib/floor-store.js';

const port = Number(process.env.PORT ?? 0);
const http = createServer((request, response) => {
  response.writeHead(request.url === '/health' ? 200 : 404).end();
});
const io = new Server(http, { path: '/socket.io', serveClient: false, transports: ['websocket'] });

if (process.env.REDIS_URL) {
  const pub = new Redis(process.env.REDIS_URL);
  const sub = pub.duplicate();
  io.adapter(createAdapter(pub, sub));
}

const floor = await openFloorStore(process.env);

io.on('connection', (socket) => {
  const auth = socket.handshake.auth as { user?: unknown; partner?: unknown };
  const user = String(auth.user);
  const partner = String(auth.partner);
  void socket.join(`user:${user}`);
  socket.on(
    'send_message',
    (payload: Record<string, unknown>, ack?: (response: unknown) => void) => {
      const relay = (created_at: unknown) => {
        const message = { ...payload, sender_id: user, receiver_id: partner, created_at };
        io.to(`user:${partner}`).emit('new_message', message);
        ack?.({ ok: true, data: { message } });
      };
      if (!floor) return relay(new Date());
      floor
        .insert({
          id: String(payload.id),
          sender: user,
          receiver: partner,
          content: String(payload.content),
          intensity: Number(payload.intensity),
          urgency: Number(payload.urgency),
          encrypted: payload.encrypted === true,
        })
        .then(
          (row) => relay(row.created_at),
          (error: unknown) => ack?.({ ok: false, error: String(error), code: 'floor_failed' }),
        );
    },
  );
});

process.once('SIGTERM', () => {
  io.local.disconnectSockets(true);
  void io.close(() => void (floor?.close() ?? Promise.resolve()).finally(() => process.exit(0)));
  setTimeout(() => process.exit(0), 2_000).unref();
});

http.listen(port, '127.0.0.1');
