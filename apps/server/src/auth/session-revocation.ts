import type { Server } from 'socket.io';
import type { AppContext } from '../context.js';
import type { DomainListener, ListenerModule } from '../events.js';

/** The live channel's room of one session's sockets (each socket joins its own on connect). */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Between instances (socket.io server-side emit through the adapter): a session was ended. */
export const SESSION_REVOKED = 'session_revoked';

type RevocationContext = Pick<AppContext, 'sessions' | 'config'>;

/**
 * A session ended here (sign-out, revocation, account deletion): this instance refuses its
 * tokens at once, its sockets close on every instance, and the other instances are told, so
 * that they refuse its tokens on HTTP at once too (listenToRemoteRevocations).
 */
export function sessionRevocationListeners(io: Server, ctx: RevocationContext): ListenerModule {
  const onSessionRevoked: DomainListener<'sessionRevoked'> = ({ sessionId }) => {
    ctx.sessions.markRevoked(sessionId);
    io.in(sessionRoom(sessionId)).disconnectSockets(true);
    // Only the Redis adapter links instances; the in-memory one has nobody to tell.
    if (ctx.config.REDIS_URL) io.serverSideEmit(SESSION_REVOKED, sessionId);
  };
  return { name: 'auth/session-revocation', listeners: { sessionRevoked: onSessionRevoked } };
}

/** A session ended on another instance (SESSION_REVOKED): its sockets here close too. */
export function listenToRemoteRevocations(io: Server, ctx: RevocationContext): () => void {
  const onRemoteRevocation = (sessionId: unknown) => {
    if (typeof sessionId !== 'string') return;
    ctx.sessions.markRevoked(sessionId);
    // Again here, with the mark: a socket that joined after the adapter's disconnect passed this
    // instance, but re-checked before the mark came, is not left open.
    io.local.in(sessionRoom(sessionId)).disconnectSockets(true);
  };
  io.on(SESSION_REVOKED, onRemoteRevocation);
  return () => io.off(SESSION_REVOKED, onRemoteRevocation);
}
