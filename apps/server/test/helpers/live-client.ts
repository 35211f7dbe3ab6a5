import { io, type Socket } from 'socket.io-client';
import { LIVE_CHANNEL, type Ack, type ServerEventPayloads } from '@couple/protocol';

/** A real socket.io client, connected with an access token (or refused). */
export function connectLive(baseUrl: string, token: string | undefined): Promise<Socket> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/**
 * A socket.io client as the web app configures it (SPEC §9: 5 attempts, 1 s delay), connecting
 * from now on; it keeps retrying as the web app does.
 */
export function webAppSocket(baseUrl: string, token: string): Socket {
  return io(baseUrl, {
    path: LIVE_CHANNEL.path,
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnectionAttempts: LIVE_CHANNEL.reconnectionAttempts,
    reconnectionDelay: LIVE_CHANNEL.reconnectionDelayMs,
    reconnectionDelayMax: LIVE_CHANNEL.reconnectionDelayMaxMs,
    randomizationFactor: LIVE_CHANNEL.randomizationFactor,
  });
}

/** Resolves with the next payload of that event, or rejects after the timeout. */
export function nextEvent<K extends keyof ServerEventPayloads>(
  socket: Socket,
  event: K,
  timeoutMs = 5_000,
): Promise<ServerEventPayloads[K]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: ServerEventPayloads[K]) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, listener as never);
  });
}

/** Collects every payload of an event from now on. */
export function record<K extends keyof ServerEventPayloads>(
  socket: Socket,
  event: K,
): ServerEventPayloads[K][] {
  const seen: ServerEventPayloads[K][] = [];
  socket.on(event, ((payload: ServerEventPayloads[K]) => seen.push(payload)) as never);
  return seen;
}

export function emitWithAck<T = unknown>(
  socket: Socket,
  event: string,
  ...args: unknown[]
): Promise<Ack<T>> {
  return socket.timeout(5_000).emitWithAck(event, ...args) as Promise<Ack<T>>;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the server has answered a request sent on this socket now: one connection keeps
 * its order, so every event the server emitted to it before has arrived by then. The barrier for
 * "this socket heard nothing", instead of a pause.
 */
export async function caughtUp(socket: Socket): Promise<void> {
  const ack = await emitWithAck(socket, 'get_unread_count');
  if (!ack.ok) throw new Error(`get_unread_count failed: ${JSON.stringify(ack)}`);
}
