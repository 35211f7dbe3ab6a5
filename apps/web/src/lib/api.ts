import type {
  AuthUser,
  GenerateCodeResult,
  Message,
  PartnerStatusResponse,
  PartnerSummary,
  Profile,
  PushSubscriptionInput,
  RpcResult,
  Session,
  Stats,
} from '@couple/protocol';
import type { ClientErrorEntry } from './client-errors.js';
import { request } from './http.js';
import { getSession } from './session.js';

export type SignUpResult = Session | { user: AuthUser; session: null };
export type ConnectResult = RpcResult & { partner?: PartnerSummary | null };

export interface OutgoingDesire {
  id: string;
  receiverId: string;
  intensity: number;
  urgency: string;
  content: string | null;
  encrypted: boolean;
  encryptionData: { iv: string; salt: string; version: number } | null;
}

/** The product API of SPEC §7, one function per route. */
export const api = {
  login: (email: string, password: string) =>
    request<Session>('POST', '/auth/login', { body: { email, password }, auth: false }),
  signup: (email: string, password: string, username?: string) =>
    request<SignUpResult>('POST', '/auth/signup', {
      body: { email, password, username },
      auth: false,
    }),
  farcasterSignIn: (token: string, username?: string) =>
    request<Session>('POST', '/auth/farcaster', { body: { token, username }, auth: false }),
  logout: () => {
    const refreshToken = getSession()?.refresh_token;
    return request<void>('POST', '/auth/logout', {
      body: refreshToken ? { refresh_token: refreshToken } : {},
    });
  },
  me: () => request<{ user: AuthUser; profile: Profile | null }>('GET', '/auth/me'),

  getProfile: () => request<Profile>('GET', '/profile'),
  updateProfile: (username: string) =>
    request<Profile>('PATCH', '/profile', { body: { username } }),
  getProfileStats: () => request<Stats>('GET', '/profile/stats'),

  partnerStatus: () => request<PartnerStatusResponse>('GET', '/partner/status'),
  generateCode: () => request<GenerateCodeResult>('POST', '/partner/generate-code'),
  connect: (code: string) => request<ConnectResult>('POST', '/partner/connect', { body: { code } }),
  disconnect: () => request<RpcResult>('POST', '/partner/disconnect'),

  getMessages: (options: { unreadOnly?: boolean; limit?: number } = {}) =>
    request<{ messages: Message[]; count: number }>('GET', '/messages', { query: options }),
  getSentMessages: (options: { limit?: number } = {}) =>
    request<{ messages: Message[]; count: number }>('GET', '/messages/sent', { query: options }),
  getUnreadCount: () => request<{ count: number }>('GET', '/messages/unread-count'),
  markMessageAsRead: (id: string) =>
    request<unknown>('POST', `/messages/${encodeURIComponent(id)}/read`),
  markAllMessagesAsRead: () =>
    request<{ ids: string[]; count: number }>('POST', '/messages/mark-all-read'),
  sendMessage: (desire: OutgoingDesire) =>
    request<{ message: Message }>('POST', '/messages', { body: desire }),

  pushPublicKey: () => request<{ publicKey: string }>('GET', '/push/public-key', { auth: false }),
  savePushSubscription: (subscription: PushSubscriptionInput) =>
    request<unknown>('PUT', '/push/subscription', { body: subscription }),
  deletePushSubscription: () => request<void>('DELETE', '/push/subscription'),

  /** The message cut to what the server keeps, the time in whole milliseconds. */
  reportClientError: (entry: ClientErrorEntry) =>
    request<void>('POST', '/debug/logs', {
      body: {
        function_name: entry.function_name,
        error_message: entry.error_message.slice(0, 2000),
        execution_time_ms:
          entry.execution_time_ms === null
            ? null
            : Math.max(0, Math.round(entry.execution_time_ms)),
      },
    }),
};
