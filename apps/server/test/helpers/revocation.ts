import type { Socket } from 'socket.io-client';
import { decodeJwt } from 'jose';
import type { Session } from '@couple/protocol';
import type { SqlParam } from '../../src/db/types.js';
import { request, type TestUser } from './api.js';
import { connectLive } from './live-client.js';
import type { TestServer } from './server.js';
import { realtimeUrl, rawSocket, type RawFrame, type RawSocket } from './realtime.js';

/** A new session (another device) of the user: its access token. */
export async function signInAgain(url: string, user: TestUser): Promise<string> {
  const login = await request<Session>(url, 'POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  return login.body.access_token;
}

/** Signs out every session of the account but the token's ("sign out everywhere else"). */
export async function signOutOthers(url: string, token: string): Promise<number> {
  const out = await request<{ signed_out: number }>(
    url,
    'POST',
    '/api/auth/sessions/sign-out-others',
    { token },
  );
  if (out.status !== 200) throw new Error(`sign-out failed: ${out.status}`);
  return out.body.signed_out;
}

/** Ends a session in the database alone, as nothing the server does would: nobody is told. */
export async function revokeUnannounced(server: TestServer, sessionId: string): Promise<void> {
  await server.database.db.query(
    `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'test' WHERE id = $1`,
    [sessionId],
  );
}

/** The session an access token belongs to. */
export const sessionOf = (token: string) => String(decodeJwt(token).sid);

/** The handshake's own read of a session (auth/repository.ts isSessionActive). */
export const handshakeRead = (sessionId: string) => (sql: string, params: SqlParam[]) =>
  sql.startsWith('SELECT 1 FROM auth_sessions') && params[0] === sessionId;

/** The session check's read (touchActiveSession), which Realtime joins go through. */
export const sessionCheckRead = (sessionId: string) => (sql: string, params: SqlParam[]) =>
  sql.includes('WITH touched') && params[0] === sessionId;

/**
 * How a live-channel connection attempt ends within `ms`: refused at the handshake, the reason
 * it was disconnected, or 'still open' (then closed here).
 */
export async function liveOutcome(connecting: Promise<Socket>, ms = 5_000): Promise<string> {
  let socket: Socket;
  try {
    socket = await connecting;
  } catch {
    return 'refused';
  }
  if (!socket.connected) return 'io server disconnect';
  return new Promise((resolve) => {
    const ended = (reason: string) => {
      clearTimeout(timer);
      resolve(reason);
    };
    const timer = setTimeout(() => {
      socket.off('disconnect', ended);
      socket.close();
      resolve('still open');
    }, ms);
    socket.once('disconnect', ended);
  });
}

/** Starts a live-channel connection and says how it ended. */
export const connectAndWatch = (url: string, token: string, ms?: number) =>
  liveOutcome(connectLive(url, token), ms);

/** A bare Realtime socket that joins one channel with the token (the join frame sent, not answered). */
export async function joinRealtime(
  url: string,
  anonKey: string,
  token: string,
): Promise<RawSocket> {
  const socket = await rawSocket(realtimeUrl(url, anonKey));
  const payload = {
    config: { postgres_changes: [{ event: '*', schema: 'public', table: 'profiles' }] },
    access_token: token,
  };
  socket.send(['1', '1', 'realtime:revocation', 'phx_join', payload]);
  return socket;
}

const isReply = (frame: RawFrame) => frame[1] === '1' && frame[3] === 'phx_reply';

/** The answer to joinRealtime's join. */
export const joinReply = (socket: RawSocket) => socket.next(isReply);
const isClose = (frame: RawFrame) => frame[3] === 'phx_close';

/**
 * How a Realtime channel joined by joinRealtime ends within `ms`: its join refused, or closed
 * after it (with the system message's reason), or 'still open'.
 */
export async function realtimeOutcome(socket: RawSocket, ms = 5_000): Promise<string> {
  const reply = await socket.next(isReply, ms);
  const { status, response } = reply[4] as { status: string; response: { reason?: string } };
  if (status !== 'ok') return `refused: ${response.reason}`;
  const closed = await socket.next(isClose, ms).catch(() => undefined);
  if (!closed) return 'still open';
  const system = socket.frames.find(
    (frame) => frame[3] === 'system' && frame[4].status === 'error',
  );
  return `closed: ${String(system?.[4].message)}`;
}
