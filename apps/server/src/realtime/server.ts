import type { FastifyInstance } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import { WebSocketServer } from 'ws';
import { decodeJwt } from 'jose';
import { REALTIME, REALTIME_ERRORS } from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { ListenerModule } from '../events.js';
import { secretsMatch } from '../http/secrets.js';
import { SESSION_REVOKED } from '../auth/session-revocation.js';
import { startSessionSweep } from '../live/session-sweep.js';
import { rowChangeListeners, rowChangeSchema, type RowChange } from './changes.js';
import { RealtimeConnection, type Access, type Authenticate } from './connection.js';
import { rowChangeDelivery } from './deliver.js';
import { realtimeUpgrade } from './upgrade.js';

const ROW_CHANGE = 'realtime_row_change';

/** The token's expiry in ms, read without checking it (the check is verifyAccessToken's). */
function expiryMs(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return exp === undefined ? undefined : exp * 1000;
  } catch {
    return undefined;
  }
}

function tokenAuthenticator(ctx: AppContext, anonKey: string): Authenticate {
  return async (token) => {
    if (token === '' || secretsMatch(token, anonKey)) return null;
    const [claims, expiresAt] = [await ctx.tokens.verifyAccessToken(token), expiryMs(token)];
    if (!claims) {
      const expired = expiresAt !== undefined && expiresAt <= Date.now();
      return { refused: expired ? REALTIME_ERRORS.tokenExpired : REALTIME_ERRORS.invalidToken };
    }
    if (!(await ctx.sessions.isActive(claims.sessionId))) {
      return { refused: REALTIME_ERRORS.sessionEnded };
    }
    // A verified access token always has exp (a required claim).
    return { ...claims, expiresAt: expiresAt ?? 0 };
  };
}

/**
 * Takes the server's WebSocket upgrades to /realtime/v1/websocket into `connections`; the
 * function it returns stops taking them and closes every connection (shutdown).
 */
function acceptConnections(
  app: FastifyInstance,
  ctx: AppContext,
  anonKey: string,
  connections: Set<RealtimeConnection>,
): () => void {
  const access: Access = {
    authenticate: tokenAuthenticator(ctx, anonKey),
    isSessionActive: (sessionId) => ctx.sessions.isActive(sessionId),
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME.maxFrameBytes });
  const onUpgrade = realtimeUpgrade(ctx.config, anonKey, (request, socket, head, vsn) => {
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new RealtimeConnection(ws, vsn, access, () =>
        connections.delete(connection),
      );
      connections.add(connection);
    });
  });
  app.server.on('upgrade', onUpgrade);
  return () => {
    app.server.off('upgrade', onUpgrade);
    for (const connection of connections) connection.close(REALTIME.close.goingAway, 'shutdown');
    // A change published before the listeners stop (app.ts, on close) finds nobody to send to.
    connections.clear();
    wss.close();
  };
}

function countChannels(connections: ReadonlySet<RealtimeConnection>) {
  let channels = 0;
  for (const connection of connections) channels += connection.channels.size;
  return { connections: connections.size, channels };
}

/**
 * /realtime/v1/websocket: Supabase Realtime's `postgres_changes` for the rows SPEC §7 subscribes
 * to. A change is published by the instance where it happened, to the others through the live
 * channel's Redis adapter, and each instance re-reads the row for each of its subscribers under
 * that subscriber's row-level security before sending it. Answers its domain-event listeners,
 * which app.ts registers with the others.
 */
export function attachRealtime(
  app: FastifyInstance,
  ctx: AppContext,
  { anonKey, io }: { anonKey: string; io: SocketServer },
): ListenerModule {
  const connections = new Set<RealtimeConnection>();
  const crossInstance = Boolean(ctx.config.REDIS_URL);
  const deliver = rowChangeDelivery(ctx, connections);

  const publish = (change: RowChange) => {
    void deliver(change);
    if (crossInstance) io.serverSideEmit(ROW_CHANGE, change);
  };
  const onRemoteChange = (message: unknown) => {
    const change = rowChangeSchema.safeParse(message);
    if (change.success) void deliver(change.data);
  };
  const endSession = (sessionId: unknown) => {
    if (typeof sessionId !== 'string') return;
    for (const connection of connections) connection.endSession(sessionId);
  };

  const stopSweep = startSessionSweep(ctx, {
    *openSessions() {
      for (const connection of connections) yield* connection.sessionIds();
    },
    endSession,
  });
  io.on(ROW_CHANGE, onRemoteChange);
  io.on(SESSION_REVOKED, endSession);
  const stopAccepting = acceptConnections(app, ctx, anonKey, connections);
  ctx.metrics.watchRealtime(() => countChannels(connections));

  app.addHook('preClose', async () => {
    stopSweep();
    io.off(ROW_CHANGE, onRemoteChange);
    io.off(SESSION_REVOKED, endSession);
    stopAccepting();
  });

  return {
    name: 'realtime/server',
    listeners: {
      ...rowChangeListeners(publish),
      sessionRevoked: ({ sessionId }) => endSession(sessionId),
    },
  };
}
