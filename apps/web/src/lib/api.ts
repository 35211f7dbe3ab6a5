import type {
  ApiAnswer,
  ApiBody,
  ApiParams,
  ApiQuery,
  ApiRouteName,
  PushSubscriptionInput,
  QuietWindow,
} from '@couple/protocol';
import { API_ROUTES, DEBUG_ERROR_MESSAGE_MAX, routePath } from '@couple/protocol/browser';
import type { ClientErrorEntry } from './client-errors.js';
import { request } from './http.js';
import { getSession } from './session.js';

type QueryOf<N extends ApiRouteName> = {
  [K in keyof NonNullable<ApiQuery<N>>]?: string | number | boolean;
};

interface CallOptions<N extends ApiRouteName> {
  body?: ApiBody<N>;
  query?: QueryOf<N>;
  params?: ApiParams<N> & Record<string, string>;
}

/**
 * One route of the contract: its method and path from API_ROUTES, its types from API_CONTRACT.
 * The bearer token goes only to routes whose access is `user`, as API_ROUTES states.
 */
export function call<N extends ApiRouteName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<ApiAnswer<N>> {
  return request<ApiAnswer<N>>(API_ROUTES[name].method, routePath(name, options.params), {
    body: options.body,
    query: options.query,
    auth: API_ROUTES[name].access === 'user',
  });
}

export type OutgoingDesire = ApiBody<'sendDesire'>;
export type OutgoingAnswer = ApiBody<'answerDesire'>;

/** The product API of SPEC §7, one function per route. */
export const api = {
  login: (email: string, password: string) => call('signIn', { body: { email, password } }),
  signup: (email: string, password: string, username?: string) =>
    call('signUp', { body: { email, password, username } }),
  farcasterSignIn: (token: string, username?: string) =>
    call('signInWithFarcaster', { body: { token, username } }),
  logout: () => {
    const refreshToken = getSession()?.refresh_token;
    return call('signOut', { body: refreshToken ? { refresh_token: refreshToken } : {} });
  },
  me: () => call('getCurrentUser'),
  requestPasswordReset: (email: string) => call('requestPasswordReset', { body: { email } }),
  resetPassword: (token: string, password: string) =>
    call('resetPassword', { body: { token, password } }),
  changePassword: (currentPassword: string, password: string) =>
    call('changePassword', { body: { current_password: currentPassword, password } }),
  requestEmailChange: (email: string, currentPassword: string) =>
    call('requestEmailChange', { body: { email, current_password: currentPassword } }),

  getProfile: () => call('getProfile'),
  updateProfile: (username: string) => call('updateProfile', { body: { username } }),
  setLocale: (locale: ApiBody<'setLocale'>['locale']) => call('setLocale', { body: { locale } }),
  getProfileStats: () => call('getProfileStats'),

  partnerStatus: () => call('getPartnerStatus'),
  generateCode: () => call('generatePairingCode'),
  connect: (code: string) => call('connectWithPairingCode', { body: { code } }),
  disconnect: () => call('disconnectFromPartner'),

  getMessages: (query: QueryOf<'listReceivedMessages'> = {}) =>
    call('listReceivedMessages', { query }),
  getSentMessages: (query: QueryOf<'listSentMessages'> = {}) => call('listSentMessages', { query }),
  getUnreadCount: () => call('getUnreadCount'),
  markMessageAsRead: (id: string) => call('markMessageRead', { params: { id } }),
  markAllMessagesAsRead: () => call('markAllMessagesRead'),
  sendMessage: (desire: OutgoingDesire) => call('sendDesire', { body: desire }),
  getQuietHours: () => call('getQuietHours'),
  setQuietHours: (window: QuietWindow) => call('setQuietHours', { body: window }),
  clearQuietHours: () => call('clearQuietHours'),
  answerDesire: (id: string, answer: OutgoingAnswer) =>
    call('answerDesire', { params: { id }, body: answer }),

  getKeys: () => call('getIdentityKeys'),
  getKeyHistory: () => call('getKeyHistory'),
  publishKey: (publicKey: string, keyId: string, rotationSignature?: string) =>
    call('publishIdentityKey', {
      body: {
        public_key: publicKey,
        key_id: keyId,
        ...(rotationSignature ? { rotation_signature: rotationSignature } : {}),
      },
    }),
  createLinkRequest: (commitment: string) => call('createLinkRequest', { body: { commitment } }),
  getLinkRequest: (id: string) => call('getLinkRequest', { params: { id } }),
  listLinkRequests: () => call('listLinkRequests'),
  respondLinkRequest: (id: string, answer: ApiBody<'respondLinkRequest'>) =>
    call('respondLinkRequest', { params: { id }, body: answer }),
  revealLinkRequest: (id: string, reveal: ApiBody<'revealLinkRequest'>) =>
    call('revealLinkRequest', { params: { id }, body: reveal }),
  approveLinkRequest: (id: string, sealedPayload: string) =>
    call('approveLinkRequest', { params: { id }, body: { sealed_payload: sealedPayload } }),

  pushPublicKey: () => call('getPushPublicKey'),
  farcasterClientConfig: () => call('getFarcasterClientConfig'),
  savePushSubscription: (subscription: PushSubscriptionInput) =>
    call('savePushSubscription', { body: subscription }),
  deletePushSubscription: () => call('deletePushSubscription'),

  /** The message cut to what the server keeps, the time in whole milliseconds. */
  reportClientError: (entry: ClientErrorEntry) =>
    call('logClientError', {
      body: {
        function_name: entry.function_name,
        error_message: entry.error_message.slice(0, DEBUG_ERROR_MESSAGE_MAX),
        execution_time_ms:
          entry.execution_time_ms === null
            ? null
            : Math.max(0, Math.round(entry.execution_time_ms)),
      },
    }),
};
