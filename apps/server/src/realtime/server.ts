import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import { WebSocketServer } from 'ws';
import { decodeJwt } from 'jose';
import { REALTIME, REALTIME_ERRORS } from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { ListenerModule } from '../events.js';
import { secretsMatch } from '../http/secrets.js';
import { SESSION_REVOKED } from '../live/fanout.js';
import { startSessionSweep } from '../live/session-sweep.js';
import { bindingWants, rowMatches, type Binding } from './bindings.js';
import { rowChangeListeners, rowChangeSchema, type RowChange } from './changes.js';
import { RealtimeConnection, type Access, type Authenticate, type Channel } from './connection.js';
import { selectVisibleRows } from './repository.js';
import { REALTIME_COLUMNS } from './tables.js';

const ROW_CHANGE = 'realtime_row_change';
/** Row-level security on (app_user) with no user of its own: realtime_visible_rows enters each. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

function refuse(socket: Duplex, status: number, text: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

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
  const access: Access = {
    authenticate: tokenAuthenticator(ctx, anonKey),
    isSessionActive: (sessionId) => ctx.sessions.isActive(sessionId),
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME.maxFrameBytes });
  const ownOrigin = new URL(ctx.config.PUBLIC_URL).origin;
  const crossInstance = Boolean(ctx.config.REDIS_URL);

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME.path) return; // socket.io's own, or refused by engine.io
    const origin = request.headers.origin;
    if (origin && origin !== ownOrigin && !ctx.config.CORS_ORIGINS.includes(origin)) {
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
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new RealtimeConnection(ws, vsn, access, () =>
        connections.delete(connection),
      );
      connections.add(connection);
    });
  };

  const deliver = async (change: RowChange) => {
    const wanted: { connection: RealtimeConnection; channel: Channel; bindings: Binding[] }[] = [];
    for (const connection of connections) {
      for (const channel of connection.channels.values()) {
        const bindings = channel.bindings.filter((b) => bindingWants(b, change.table, change.type));
        if (bindings.length > 0 && channel.subscriber)
          wanted.push({ connection, channel, bindings });
      }
    }
    if (wanted.length === 0) return;
    const userIds = [...new Set(wanted.map(({ channel }) => channel.subscriber!.userId))];
    let visible: Map<string, Record<string, unknown>>;
    try {
      visible = await ctx.db.asUser(NO_USER, (tx) =>
        selectVisibleRows(tx, change.table, change.id, userIds),
      );
    } catch (error) {
      ctx.log.warn({ err: String(error), table: change.table }, 'realtime read failed');
      return;
    }
    for (const { connection, channel, bindings } of wanted) {
      const row = channel.subscriber && visible.get(channel.subscriber.userId);
      const ids = row ? bindings.filter((b) => rowMatches(b.filter, row)).map((b) => b.id) : [];
      if (!row || ids.length === 0) continue;
      connection.sendChange(channel, ids, {
        schema: 'public',
        table: change.table,
        commit_timestamp: change.commitTimestamp,
        type: change.type,
        columns: REALTIME_COLUMNS[change.table],
        record: row,
        // As Realtime sends it under the default replica identity: the key only.
        old_record: change.type === 'UPDATE' ? { id: change.id } : undefined,
        errors: null,
      });
    }
  };

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
  app.server.on('upgrade', onUpgrade);
  ctx.metrics.watchRealtime(() => {
    let channels = 0;
    for (const connection of connections) channels += connection.channels.size;
    return { connections: connections.size, channels };
  });

  app.addHook('preClose', async () => {
    stopSweep();
    io.off(ROW_CHANGE, onRemoteChange);
    io.off(SESSION_REVOKED, endSession);
    app.server.off('upgrade', onUpgrade);
    for (const connection of connections) connection.close(REALTIME.close.goingAway, 'shutdown');
    // A change published before the listeners stop (app.ts, on close) finds nobody to send to.
    connections.clear();
    wss.close();
  });

  return {
    name: 'realtime/server',
    listeners: {
      ...rowChangeListeners(publish),
      sessionRevoked: ({ sessionId }) => endSession(sessionId),
    },
  };
}
