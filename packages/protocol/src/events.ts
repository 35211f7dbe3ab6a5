import type { ErrorCode } from './errors.js';
import type { DesireAnswer } from './schemas/answers.js';
import type { Message } from './schemas/messages.js';
import type { PartnerStatus, PartnerSummary } from './schemas/profile.js';
import type { Thought } from './schemas/thoughts.js';

/** The one table of socket.io event names (SPEC §7 live channel). */
export const CLIENT_EVENTS = {
  sendMessage: 'send_message',
  markRead: 'mark_read',
  getUnreadCount: 'get_unread_count',
  partnerStatus: 'partner_status',
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
} as const;

/** What the server sends on each event; the web app's live-channel module reads these. */
export interface ServerEventPayloads {
  new_message: Message;
  message_sent: Message;
  messages_marked_read: { ids: string[]; all: boolean; readerId: string };
  unread_count: { count: number };
  /** `ended_by`: on a disconnect, who ended it, so the other side can be told why. */
  partner_status_update: {
    status: PartnerStatus;
    partner: PartnerSummary | null;
    ended_by?: string;
  };
  /** The partner published a new identity key: refetch GET /api/keys before the next note. */
  partner_key_changed: { key_id: string; previous_key_id: string | null };
  /** To both partners: the receiver answered (or changed the answer to) one desire. */
  desire_answered: DesireAnswer & { answerer_id: string };
  error: { message: string; code: ErrorCode; event?: string };
  /** The partner deleted their account: the pair is ended; only their name is told. */
  partner_account_deleted: { username: string };
  /** To both partners: a custom wish, a round or a match list changed; refetch GET /api/wishes. */
  wishes_changed: { reason: 'item' | 'round' | 'matches' };
  /** To both partners: a round found a match neither had before (never which one). */
  wish_matched: { round_id: string };
  /** To both partners: one of them is thinking of the other. */
  thought_received: Thought;
}

/** Every client event is acknowledged with one of these. */
export type Ack<T> = { ok: true; data: T } | { ok: false; error: string; code: ErrorCode };
