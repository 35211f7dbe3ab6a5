import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import type { LiveClientEvents, LiveServerEvents } from '@couple/protocol';
import type { AccessClaims } from '../auth/tokens.js';

/**
 * The live channel's socket.io server, typed from the protocol: a server event's payload, and a
 * client event's body and ack, are checked at compile time. A socket's data is the caller its
 * handshake proved.
 */
export type LiveServer = Server<LiveClientEvents, LiveServerEvents, DefaultEventsMap, AccessClaims>;
export type LiveSocket = Socket<LiveClientEvents, LiveServerEvents, DefaultEventsMap, AccessClaims>;
