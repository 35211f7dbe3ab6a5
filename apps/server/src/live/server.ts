import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { ERRORS, LIVE_CHANNEL } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { bindClientEvents } from './handlers.js';
import type { LiveServer, LiveSocket } from './live-types.js';
import { userRoom } from './fanout.js';
import { listenToRemoteRevocations, sessionRoom } from '../auth/session-revocation.js';
import { isSessionActive } from '../auth/repository.js';
import { releaseFlushedPackets } from './release-flushed-packets.js';
import { countDeliveries } from './delivery-count.js';
import { startSessionSweep } from './session-sweep.js';

export interface LiveChannel {
  io: LiveServer;
}

async function connectRedisAdapter(
  io: LiveServer,
  redisUrl: string,
  ctx: AppContext,
): Promise<() => Promise<void>> {
  const pub = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    // ioredis reconnects by itself; local delivery goes on while Redis is away.
    client.on('error', (error: Error) => ctx.log.warn({ err: error.message }, 'redis unavailable'));
  }
  // Redis being away at start-up must not stop the server: local delivery works without it,
  // and ioredis keeps retrying until cross-instance delivery can resume.
  for (const client of [pub, sub]) {
    client
      .connect()
      .catch((error: Error) => ctx.log.warn({ err: error.message }, 'redis not reachable yet'));
  }
  io.adapter(createAdapter(pub, sub));
  return async () => {
    await Promise.allSettled([pub.quit(), sub.quit()]);
  };
}

/**
 * socket.io on the Fastify server: handshake auth with the access token, one room per user,
 * client events bound to the services, domain events fanned out to rooms.
 */
/** socket.io hands `data` to the client's connect_error: the code travels with the text. */
function handshakeRefusal(): Error {
  return Object.assign(new Error(ERRORS.unauthorized.text), { data: { code: 'unauthorized' } });
}

export async function attachLiveChannel(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<LiveChannel> {
  // Every live event has its operation's handler by now (the route plugins registered them).
  const liveOperations = app.operations.liveEvents();
  const io: LiveServer = new Server(app.server, {
    path: LIVE_CHANNEL.path,
    serveClient: false,
    transports: ['websocket', 'polling'],
    // The same ceiling as an HTTP body: a bigger frame closes that one connection.
    maxHttpBufferSize: ctx.config.BODY_LIMIT_BYTES,
  });
  releaseFlushedPackets(io);
  const closeRedis = ctx.config.REDIS_URL
    ? await connectRedisAdapter(io, ctx.config.REDIS_URL, ctx)
    : undefined;

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    const claims = await ctx.tokens.verifyAccessToken(
      typeof token === 'string' ? token : undefined,
    );
    // A signed-out session cannot open the live channel, even with a token that has not expired.
    if (!claims || !(await isSessionActive(ctx.db, claims.sessionId))) {
      return next(handshakeRefusal());
    }
    socket.data = { userId: claims.userId, sessionId: claims.sessionId };
    next();
  });

  const countDelivery = countDeliveries(() => ctx.metrics.desireDelivered());
  io.on('connection', (socket) => {
    const { userId, sessionId } = socket.data;
    const joined = socket.join([userRoom(userId), sessionRoom(sessionId)]);
    bindClientEvents(socket, ctx, liveOperations);
    socket.onAnyOutgoing(countDelivery);
    void confirmSessionAfterJoin(socket, sessionId, joined);
  });
  ctx.metrics.watchLiveSockets(() => io.of('/').sockets.size);

  /**
   * A revocation between the handshake's check and the join found no socket in the session's
   * room: asked again once in it, either the revocation's disconnect finds the socket or this
   * check sees the revocation (it wins over a check in flight, see auth/session-check.ts).
   */
  async function confirmSessionAfterJoin(
    socket: LiveSocket,
    sessionId: string,
    joined: Promise<void> | void,
  ) {
    try {
      await joined;
      if (!(await ctx.sessions.isActive(sessionId))) socket.disconnect(true);
    } catch (error) {
      ctx.log.warn({ err: String(error) }, 'live session re-check failed');
    }
  }
  const stopSweep = startSessionSweep(ctx, {
    *openSessions() {
      for (const socket of io.of('/').sockets.values()) yield socket.data.sessionId;
    },
    endSession: (sessionId) => io.local.in(sessionRoom(sessionId)).disconnectSockets(true),
  });

  const stopRemoteRevocations = listenToRemoteRevocations(io, ctx);

  // Without this, app.close() waits forever for connected clients.
  app.addHook('preClose', async () => {
    stopSweep();
    stopRemoteRevocations();
    io.local.disconnectSockets(true);
    await new Promise<void>((resolve) => {
      void io.close(() => resolve());
    });
  });
  // The adapter's Redis goes last (an onClose hook of its own, older than the domain-event
  // listeners' in app.ts, so it runs after them): a room emit of a listener still publishes.
  if (closeRedis) app.addHook('onClose', closeRedis);

  return { io };
}
