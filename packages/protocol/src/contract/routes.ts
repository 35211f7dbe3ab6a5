/**
 * Every HTTP route under /api: name → method and path (relative to /api; `:id` is a parameter).
 * Zod-free, so the web app's first load can import it; the schemas of each route are in
 * ./api.ts, keyed by the same names.
 */
export const API_ROUTES = {
  health: { method: 'GET', path: '/health' },
  ready: { method: 'GET', path: '/ready' },

  signUp: { method: 'POST', path: '/auth/signup' },
  signIn: { method: 'POST', path: '/auth/login' },
  refreshSession: { method: 'POST', path: '/auth/refresh' },
  signOut: { method: 'POST', path: '/auth/logout' },
  getCurrentUser: { method: 'GET', path: '/auth/me' },
  confirmEmail: { method: 'GET', path: '/auth/confirm' },
  signInWithFarcaster: { method: 'POST', path: '/auth/farcaster' },

  getProfile: { method: 'GET', path: '/profile' },
  updateProfile: { method: 'PATCH', path: '/profile' },
  getProfileStats: { method: 'GET', path: '/profile/stats' },

  getPartnerStatus: { method: 'GET', path: '/partner/status' },
  generatePairingCode: { method: 'POST', path: '/partner/generate-code' },
  connectWithPairingCode: { method: 'POST', path: '/partner/connect' },
  disconnectFromPartner: { method: 'POST', path: '/partner/disconnect' },

  listReceivedMessages: { method: 'GET', path: '/messages' },
  listSentMessages: { method: 'GET', path: '/messages/sent' },
  getUnreadCount: { method: 'GET', path: '/messages/unread-count' },
  markAllMessagesRead: { method: 'POST', path: '/messages/mark-all-read' },
  markMessageRead: { method: 'POST', path: '/messages/:id/read' },
  answerDesire: { method: 'PUT', path: '/messages/:id/answer' },
  getQuietHours: { method: 'GET', path: '/profile/quiet-hours' },
  setQuietHours: { method: 'PUT', path: '/profile/quiet-hours' },
  clearQuietHours: { method: 'DELETE', path: '/profile/quiet-hours' },
  setLocale: { method: 'PUT', path: '/profile/locale' },
  sendDesire: { method: 'POST', path: '/messages' },

  getIdentityKeys: { method: 'GET', path: '/keys' },
  getKeyHistory: { method: 'GET', path: '/keys/history' },
  listLinkRequests: { method: 'GET', path: '/keys/links' },
  publishIdentityKey: { method: 'PUT', path: '/keys/identity' },
  createLinkRequest: { method: 'POST', path: '/keys/links' },
  getLinkRequest: { method: 'GET', path: '/keys/links/:id' },
  respondLinkRequest: { method: 'POST', path: '/keys/links/:id/respond' },
  revealLinkRequest: { method: 'POST', path: '/keys/links/:id/reveal' },
  approveLinkRequest: { method: 'POST', path: '/keys/links/:id/approve' },

  getPushPublicKey: { method: 'GET', path: '/push/public-key' },
  savePushSubscription: { method: 'PUT', path: '/push/subscription' },
  deletePushSubscription: { method: 'DELETE', path: '/push/subscription' },
  sendPushWebhook: { method: 'POST', path: '/push/webhook' },

  receiveFarcasterWebhook: { method: 'POST', path: '/farcaster/webhook' },
  getFarcasterClientConfig: { method: 'GET', path: '/farcaster/client-config' },

  logClientError: { method: 'POST', path: '/debug/logs' },
  listDebugLogs: { method: 'GET', path: '/debug/logs' },
  getMessageAccess: { method: 'GET', path: '/debug/message-access' },

  listSessions: { method: 'GET', path: '/auth/sessions' },
  signOutSession: { method: 'DELETE', path: '/auth/sessions/:id' },
  signOutOtherSessions: { method: 'POST', path: '/auth/sessions/sign-out-others' },
  deleteAccount: { method: 'POST', path: '/account/delete' },
  exportAccount: { method: 'GET', path: '/account/export' },
  requestPasswordReset: { method: 'POST', path: '/auth/recover' },
  resetPassword: { method: 'POST', path: '/auth/reset-password' },
  changePassword: { method: 'PUT', path: '/auth/password' },
  requestEmailChange: { method: 'POST', path: '/auth/email-change' },
  confirmEmailChange: { method: 'GET', path: '/auth/email-change/confirm' },

  getWishes: { method: 'GET', path: '/wishes' },
  proposeWish: { method: 'POST', path: '/wishes/items' },
  withdrawWish: { method: 'DELETE', path: '/wishes/items/:id' },
  startWishRound: { method: 'POST', path: '/wishes/rounds' },
  replyWishRound: { method: 'PUT', path: '/wishes/rounds/:id/reply' },
  finishWishRound: { method: 'PUT', path: '/wishes/rounds/:id/finish' },
  completeWishRound: { method: 'PUT', path: '/wishes/rounds/:id/complete' },

  sendThought: { method: 'POST', path: '/thoughts' },
  listThoughts: { method: 'GET', path: '/thoughts' },
  markThoughtsRead: { method: 'POST', path: '/thoughts/read' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ApiRouteName = keyof typeof API_ROUTES;

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
