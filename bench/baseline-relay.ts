/**
 * The delivery baseline: a bare socket.io relay with no auth and no database. A client says who
 * it is and who its partner is in the handshake; `send_message` is acknowledged and forwarded to
 * the partner's room as `new_message`, like the real server does after its transaction commits.
 * With REDIS_URL it uses the same Redis adapter, so two relays carry cross-instance traffic.
 * Run by the benchmarks as a separate process: `node --import tsx bench/baseline-relay.ts`.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';

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

io.on('connection', (socket) => {
  const auth = socket.handshake.auth as { user?: unknown; partner?: unknown };
  const user = String(auth.user);
  const partner = String(auth.partner);
  void socket.join(`user:${user}`);
  socket.on(
    'send_message',
    (payload: Record<string, unknown>, ack?: (response: unknown) => void) => {
      const message = { ...payload, sender_id: user, receiver_id: partner, created_at: new Date() };
      io.to(`user:${partner}`).emit('new_message', message);
      ack?.({ ok: true, data: { message } });
    },
  );
});

process.once('SIGTERM', () => {
  io.local.disconnectSockets(true);
  void io.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
});

http.listen(port, '127.0.0.1');
