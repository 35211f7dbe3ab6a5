/** Who may call a route: a signed-in user, anyone, or a caller proven another way. */
export type RouteAccess = 'user' | 'public' | 'webhook-secret' | 'signed-event';

/**
 * Every operation of the API: name → HTTP method, path (relative to /api; `:id` is a parameter),
 * access, and for some the live-channel event that reaches the same operation (SPEC §7 fixes
 * those names; the socket sends the body, and neither params nor query). Access is stated only
 * here: the server checks it (API_CONTRACT carries it from here) and the web client sends the
 * bearer token by it. Zod-free, so the web app's first load can import it; the schemas of each
 * route are in ./api.ts, keyed by the same names.
 */
export const API_ROUTES = {
  health: { method: 'GET', path: '/health', access: 'public' },
  ready: { method: 'GET', path: '/ready', access: 'public' },

  signUp: { method: 'POST', path: '/auth/signup', access: 'public' },
  signIn: { method: 'POST', path: '/auth/login', access: 'public' },
  refreshSession: { method: 'POST', path: '/auth/refresh', access: 'public' },
  signOut: { method: 'POST', path: '/auth/logout', access: 'public' },
  getCurrentUser: { method: 'GET', path: '/auth/me', access: 'user' },
  confirmEmail: { method: 'GET', path: '/auth/confirm', access: 'public' },
  signInWithFarcaster: { method: 'POST', path: '/auth/farcaster', access: 'public' },

  getProfile: { method: 'GET', path: '/profile', access: 'user' },
  updateProfile: { method: 'PATCH', path: '/profile', access: 'user' },
  getProfileStats: { method: 'GET', path: '/profile/stats', access: 'user' },

  getPartnerStatus: {
    method: 'GET',
    path: '/partner/status',
    access: 'user',
    live: 'partner_status',
  },
  generatePairingCode: { method: 'POST', path: '/partner/generate-code', access: 'user' },
  connectWithPairingCode: { method: 'POST', path: '/partner/connect', access: 'user' },
  disconnectFromPartner: { method: 'POST', path: '/partner/disconnect', access: 'user' },

  listReceivedMessages: { method: 'GET', path: '/messages', access: 'user' },
  listSentMessages: { method: 'GET', path: '/messages/sent', access: 'user' },
  getUnreadCount: {
    method: 'GET',
    path: '/messages/unread-count',
    access: 'user',
    live: 'get_unread_count',
  },
  markAllMessagesRead: { method: 'POST', path: '/messages/mark-all-read', access: 'user' },
  markMessageRead: { method: 'POST', path: '/messages/:id/read', access: 'user' },
  markMessagesRead: { method: 'POST', path: '/messages/read', access: 'user', live: 'mark_read' },
  answerDesire: { method: 'PUT', path: '/messages/:id/answer', access: 'user' },
  getQuietHours: { method: 'GET', path: '/profile/quiet-hours', access: 'user' },
  setQuietHours: { method: 'PUT', path: '/profile/quiet-hours', access: 'user' },
  clearQuietHours: { method: 'DELETE', path: '/profile/quiet-hours', access: 'user' },
  setLocale: { method: 'PUT', path: '/profile/locale', access: 'user' },
  sendDesire: { method: 'POST', path: '/messages', access: 'user', live: 'send_message' },

  getIdentityKeys: { method: 'GET', path: '/keys', access: 'user' },
  getKeyHistory: { method: 'GET', path: '/keys/history', access: 'user' },
  listLinkRequests: { method: 'GET', path: '/keys/links', access: 'user' },
  publishIdentityKey: { method: 'PUT', path: '/keys/identity', access: 'user' },
  createLinkRequest: { method: 'POST', path: '/keys/links', access: 'user' },
  getLinkRequest: { method: 'GET', path: '/keys/links/:id', access: 'user' },
  respondLinkRequest: { method: 'POST', path: '/keys/links/:id/respond', access: 'user' },
  revealLinkRequest: { method: 'POST', path: '/keys/links/:id/reveal', access: 'user' },
  approveLinkRequest: { method: 'POST', path: '/keys/links/:id/approve', access: 'user' },

  getPushPublicKey: { method: 'GET', path: '/push/public-key', access: 'public' },
  savePushSubscription: { method: 'PUT', path: '/push/subscription', access: 'user' },
  deletePushSubscription: { method: 'DELETE', path: '/push/subscription', access: 'user' },
  sendPushWebhook: { method: 'POST', path: '/push/webhook', access: 'webhook-secret' },

  receiveFarcasterWebhook: { method: 'POST', path: '/farcaster/webhook', access: 'signed-event' },
  getFarcasterClientConfig: { method: 'GET', path: '/farcaster/client-config', access: 'public' },

  logClientError: { method: 'POST', path: '/debug/logs', access: 'user' },
  listDebugLogs: { method: 'GET', path: '/debug/logs', access: 'user' },
  getMessageAccess: { method: 'GET', path: '/debug/message-access', access: 'user' },

  listSessions: { method: 'GET', path: '/auth/sessions', access: 'user' },
  signOutSession: { method: 'DELETE', path: '/auth/sessions/:id', access: 'user' },
  signOutOtherSessions: { method: 'POST', path: '/auth/sessions/sign-out-others', access: 'user' },
  deleteAccount: { method: 'POST', path: '/account/delete', access: 'user' },
  exportAccount: { method: 'GET', path: '/account/export', access: 'user' },
  requestPasswordReset: { method: 'POST', path: '/auth/recover', access: 'public' },
  resetPassword: { method: 'POST', path: '/auth/reset-password', access: 'public' },
  changePassword: { method: 'PUT', path: '/auth/password', access: 'user' },
  requestEmailChange: { method: 'POST', path: '/auth/email-change', access: 'user' },
  confirmEmailChange: { method: 'GET', path: '/auth/email-change/confirm', access: 'public' },

  getWishes: { method: 'GET', path: '/wishes', access: 'user' },
  proposeWish: { method: 'POST', path: '/wishes/items', access: 'user' },
  withdrawWish: { method: 'DELETE', path: '/wishes/items/:id', access: 'user' },
  startWishRound: { method: 'POST', path: '/wishes/rounds', access: 'user' },
  replyWishRound: { method: 'PUT', path: '/wishes/rounds/:id/reply', access: 'user' },
  finishWishRound: { method: 'PUT', path: '/wishes/rounds/:id/finish', access: 'user' },
  completeWishRound: { method: 'PUT', path: '/wishes/rounds/:id/complete', access: 'user' },
  getWishBackup: { method: 'GET', path: '/wishes/backup', access: 'user' },
  putWishBackup: { method: 'PUT', path: '/wishes/backup', access: 'user' },

  sendThought: { method: 'POST', path: '/thoughts', access: 'user' },
  listThoughts: { method: 'GET', path: '/thoughts', access: 'user' },
  markThoughtsRead: { method: 'POST', path: '/thoughts/read', access: 'user' },
} as const satisfies Record<string, RouteEntry>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface RouteEntry {
  method: HttpMethod;
  path: string;
  access: RouteAccess;
  /** The live-channel event that reaches this operation too. */
  live?: string;
}
export type ApiRouteName = keyof typeof API_ROUTES;

type Routes = typeof API_ROUTES;
/** The operations a live-channel event reaches as well as their HTTP route. */
export type LiveOperationName = {
  [N in ApiRouteName]: Routes[N] extends { live: string } ? N : never;
}[ApiRouteName];
export type LiveEventName = Routes[LiveOperationName]['live'];

const liveEntries = Object.entries(API_ROUTES as Record<ApiRouteName, RouteEntry>).flatMap(
  ([name, route]) => (route.live ? [[route.live, name] as const] : []),
);

/** Each live event → its operation: a socket call and the HTTP route share that one entry. */
export const LIVE_OPERATIONS = new Map(liveEntries) as ReadonlyMap<
  LiveEventName,
  LiveOperationName
>;

export function isLiveOperation(name: ApiRouteName): name is LiveOperationName {
  return 'live' in API_ROUTES[name];
}

/** The prefix every route of API_ROUTES is served under. */
export const API_PREFIX = '/api';

/** The path with its `:name` parameters filled in (URI-encoded). */
export function routePath(name: ApiRouteName, params: Record<string, string> = {}): string {
  return API_ROUTES[name].path.replace(/:([a-zA-Z]+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}
