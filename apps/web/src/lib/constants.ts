/** Web-only numbers and names; the product's constants come from @couple/protocol. */

/** SPEC §9 auth client: check every 30 s, refresh when 90 s or less remain. */
export const SESSION_REFRESH_TICK_MS = 30_000;
export const SESSION_REFRESH_MARGIN_SECONDS = 90;

/** A live-channel send with no acknowledgement by then falls back to HTTP (same id, no duplicate). */
export const SEND_ACK_TIMEOUT_MS = 10_000;

/**
 * A call the server refused for load (503 `server_busy`: nothing was done) is sent again after
 * its Retry-After, at most this many times, then fails as the server said.
 */
export const BUSY_RETRIES = 3;
/** The longest wait a Retry-After may ask of a call before it is sent again. */
export const BUSY_RETRY_MAX_SECONDS = 5;

/**
 * After the live channel's reconnection attempts (SPEC: 5) have all failed, a new round of them
 * starts this much later, or at once when the tab is shown again or the browser comes online:
 * a server that takes longer to come back than one round of attempts is not waited out forever.
 */
export const LIVE_RETRY_AFTER_ATTEMPTS_MS = 30_000;

/** Client errors kept in memory for window.coupleDebug. */
export const DEBUG_LOG_CAPACITY = 100;

/** One tag for every notification, so a new one replaces the last (renotify still alerts). */
export const NOTIFICATION_TAG = 'couple-desires';

export const STORAGE_KEYS = {
  session: 'couple-desires.session',
  intensity: 'couple-desires.intensity',
  urgency: 'couple-desires.urgency',
  partnerId: (userId: string) => `couple-desires.partner-id.${userId}`,
  installPromptSeen: 'couple-desires.install-prompt-seen',
  installPromptSeenIos: 'couple-desires.install-prompt-seen-ios',
  /** Also read by public/theme-init.js before the first paint. */
  theme: 'couple-desires.theme',
  pendingPairingCode: 'couple-desires.pending-pairing-code',
  /** The Language setting of this device; absent means the browser's languages. */
  locale: 'couple-desires.locale',
  /** The last known profile, partner and inbox pages (features/offline/persist.ts). */
  queryCache: 'couple-desires.query-cache',
} as const;

/** The notifications switch gives up on a silent push service and says so. */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 15_000;

/** How often both devices of a device link look for the other's step. */
export const LINK_POLL_MS = 2_000;
/** Toasts sit this far from the top: below the sticky mobile header, never over it. */
export const TOAST_TOP_OFFSET_PX = 72;
