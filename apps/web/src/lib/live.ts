import type { Socket as SocketIoClient } from 'socket.io-client';
import type {
  Ack,
  ApiAnswer,
  ApiBody,
  ErrorCode,
  LiveClientEvents,
  LiveOperationName,
  LiveServerEvents,
  ServerEventPayloads,
} from '@couple/protocol';
import {
  API_ROUTES,
  LIVE_CHANNEL,
  SERVER_EVENTS,
  TEXTS,
  isErrorCode,
} from '@couple/protocol/browser';
import { logClientError } from './client-errors.js';
import { LIVE_RETRY_AFTER_ATTEMPTS_MS } from './constants.js';
import { getSession, refreshSession } from './session.js';

/** The only module that talks socket.io (SPEC §7 live channel). */
export type ServerEvent = keyof ServerEventPayloads;
type Handler<E extends ServerEvent> = (payload: ServerEventPayloads[E]) => void;
/** Typed from the protocol: each live event's body and ack, each server event's payload. */
type Socket = SocketIoClient<LiveServerEvents, LiveClientEvents>;

/** The server answered and refused (validation, not paired): not a transport failure. */
export class LiveAckError extends Error {
  override name = 'LiveAckError';

  constructor(
    message: string,
    readonly code: ErrorCode | null = null,
  ) {
    super(message);
  }
}

/** The code the server put on a refused handshake (socket.io carries it as the error's data). */
function handshakeErrorCode(error: Error): ErrorCode | null {
  const data = (error as Error & { data?: { code?: unknown } }).data;
  return isErrorCode(data?.code) ? data.code : null;
}

export type LiveState = 'idle' | 'connecting' | 'connected' | 'disconnected';

let socket: Socket | null = null;
/** Bumped by every connect and disconnect, so a connection still loading its client is dropped. */
let generation = 0;
/** The next round of reconnection attempts, once socket.io's own have run out. */
let nextRound: ReturnType<typeof setTimeout> | undefined;
let state: LiveState = 'idle';
const stateListeners = new Set<() => void>();
const handlers = new Map<ServerEvent, Set<(payload: never) => void>>();

function setState(next: LiveState): void {
  state = next;
  for (const listener of stateListeners) listener();
}

function dispatch<E extends ServerEvent>(event: E, payload: ServerEventPayloads[E]): void {
  for (const handler of handlers.get(event) ?? []) (handler as Handler<E>)(payload);
}

export function getLiveState(): LiveState {
  return state;
}

export function subscribeLiveState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** Subscribes to a server event; returns the unsubscribe function. */
export function onLive<E extends ServerEvent>(event: E, handler: Handler<E>): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler as (payload: never) => void);
  return () => set.delete(handler as (payload: never) => void);
}

/**
 * Calls an operation of the contract over its live event (as `call` does over HTTP) and resolves
 * with its answer; rejects 'WebSocket not connected' on a dead socket, or with the ack's error.
 */
export async function emitLive<N extends LiveOperationName>(
  name: N,
  body: ApiBody<N>,
  timeoutMs: number,
): Promise<ApiAnswer<N>> {
  if (!socket?.connected) throw new Error(TEXTS.socketNotConnected);
  // The event and the body are of the same operation N, which the event map's union cannot see.
  const untyped: SocketIoClient = socket;
  const ack = (await untyped.timeout(timeoutMs).emitWithAck(API_ROUTES[name].live, body)) as Ack<
    ApiAnswer<N>
  >;
  if (!ack.ok) throw new LiveAckError(ack.error, ack.code);
  return ack.data;
}

/**
 * Connects once per sign-in; the handshake always reads the current (refreshed) token. The
 * socket.io client is loaded here, not with the first screen: the welcome screen never needs it.
 */
export function connectLive(): void {
  if (socket || state === 'connecting') return;
  setState('connecting');
  const current = ++generation;
  import('socket.io-client')
    .then(({ io }) => {
      if (current !== generation) return;
      openSocket(
        io({
          path: LIVE_CHANNEL.path,
          transports: ['websocket', 'polling'],
          auth: (cb) => cb({ token: getSession()?.access_token ?? '' }),
          reconnectionAttempts: LIVE_CHANNEL.reconnectionAttempts,
          reconnectionDelay: LIVE_CHANNEL.reconnectionDelayMs,
          reconnectionDelayMax: LIVE_CHANNEL.reconnectionDelayMaxMs,
          randomizationFactor: LIVE_CHANNEL.randomizationFactor,
          timeout: LIVE_CHANNEL.connectTimeoutMs,
        }),
      );
    })
    .catch((error: unknown) => {
      if (current !== generation) return;
      setState('disconnected');
      logClientError('live_connect', error);
    });
}

function openSocket(opened: Socket): void {
  socket = opened;
  let authRetries = 0;
  opened.on('connect', () => {
    authRetries = 0;
    setState('connected');
    // Answered by the events unread_count and partner_status_update too, which the app reads.
    opened.emit(API_ROUTES.getUnreadCount.live, undefined, () => undefined);
    opened.emit(API_ROUTES.getPartnerStatus.live, undefined, () => undefined);
  });
  opened.on('disconnect', (reason) => {
    setState('disconnected');
    // The server closed it: this session may have been signed out from another device. A refresh
    // finds out, and a refused one clears the session, which sends the app to the welcome screen.
    // A refresh that reaches no server (it is restarting: 503, or nothing listens) keeps the
    // session, and socket.io's attempts then wait for the server to come back.
    if (reason === 'io server disconnect') {
      void refreshSession()
        .catch((error: unknown) => {
          logClientError('live_refresh', error);
          return getSession();
        })
        .then((session) => session && socket?.connect());
    }
  });
  opened.io.on('reconnect_failed', () => {
    clearTimeout(nextRound);
    nextRound = setTimeout(reconnectLive, LIVE_RETRY_AFTER_ATTEMPTS_MS);
  });
  opened.on('connect_error', (error) => {
    setState('disconnected');
    logClientError('live_connect', error);
    // A rejected token ends socket.io's retries: refresh the session once and try again.
    if (handshakeErrorCode(error) === 'unauthorized' && authRetries === 0) {
      authRetries += 1;
      void refreshSession()
        .then((session) => session && socket?.connect())
        .catch((refreshError: unknown) => logClientError('live_refresh', refreshError));
    }
  });
  for (const event of Object.values(SERVER_EVENTS)) {
    opened.on(event, (payload: ServerEventPayloads[typeof event]) => {
      if (event === SERVER_EVENTS.error)
        logClientError('live', (payload as ServerEventPayloads['error']).message);
      dispatch(event, payload);
    });
  }
}

/** After the reconnection attempts ran out (or the app came back online), try again. */
export function reconnectLive(): void {
  clearTimeout(nextRound);
  if (socket && !socket.connected) socket.connect();
}

export function disconnectLive(): void {
  clearTimeout(nextRound);
  generation += 1;
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  setState('idle');
}

globalThis.addEventListener?.('online', reconnectLive);
globalThis.document?.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') reconnectLive();
});
