import type { ApiAnswer, ApiBody } from './contract/api.js';
import { API_ROUTES, type LiveOperationName } from './contract/routes.js';
import type { ServerEventName, ServerEventPayloads } from './contract/server-events.js';
import type { ErrorCode } from './errors.js';

export type { ServerEventName, ServerEventPayloads };

/**
 * The live events by the names the code knows them: each is read from its operation's entry in
 * API_ROUTES, where the wire name (SPEC §7 live channel) is stated once.
 */
export const CLIENT_EVENTS = {
  sendMessage: API_ROUTES.sendDesire.live,
  markRead: API_ROUTES.markMessagesRead.live,
  getUnreadCount: API_ROUTES.getUnreadCount.live,
  partnerStatus: API_ROUTES.getPartnerStatus.live,
} as const;

export const SERVER_EVENTS = {
  newMessage: 'new_message',
  messageSent: 'message_sent',
  messagesMarkedRead: 'messages_marked_read',
  unreadCount: 'unread_count',
  partnerStatusUpdate: 'partner_status_update',
  partnerKeyChanged: 'partner_key_changed',
  desireAnswered: 'desire_answered',
  error: 'error',
  partnerAccountDeleted: 'partner_account_deleted',
  wishesChanged: 'wishes_changed',
  wishMatched: 'wish_matched',
  thoughtReceived: 'thought_received',
} as const satisfies Record<string, ServerEventName>;

/** Every client event is acknowledged with one of these. */
export type Ack<T> = { ok: true; data: T } | { ok: false; error: string; code: ErrorCode };

/**
 * socket.io's typed event maps, for `Server<LiveClientEvents, LiveServerEvents>` and the client's
 * `Socket<LiveServerEvents, LiveClientEvents>`: each live event carries its operation's body and
 * is acknowledged with its answer; each server event carries its payload.
 */
export type LiveClientEvents = {
  [N in LiveOperationName as (typeof API_ROUTES)[N]['live']]: (
    body: ApiBody<N>,
    ack: (answer: Ack<ApiAnswer<N>>) => void,
  ) => void;
};
export type LiveServerEvents = {
  [E in ServerEventName]: (payload: ServerEventPayloads[E]) => void;
};
