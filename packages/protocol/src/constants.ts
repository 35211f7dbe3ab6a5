/** Business constants of SPEC §9, shared by the server and the web app. */
import { LINK_SEALED_PAYLOAD_LENGTH } from './e2e/constants.js';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** Marks a server-assigned username the user has not chosen yet (SPEC §4 routing). */
export const TEMPORARY_USERNAME_PREFIX = 'user_';
export const PASSWORD_MIN = 6;
/** bcrypt/argon2 inputs beyond this only cost CPU; refuse them outright. */
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;

export const NOTE_MAX = 200;
export const SCORE_MIN = 0;
export const SCORE_MAX = 10;
export const SCORE_DEFAULT = 5;

export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_LIFETIME_MINUTES = 15;
/** No look-alikes: no 0/O, 1/I/L. */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const MESSAGES_LIST_LIMIT = 50;
/** How many client errors one user may report per minute (POST /api/debug/logs). */
export const CLIENT_ERROR_REPORTS_PER_MINUTE = 30;
export const DEBUG_LOGS_LIMIT_MAX = 100;
/** Characters of a client error's message the debug log keeps. */
export const DEBUG_ERROR_MESSAGE_MAX = 2000;
export const BADGE_CAP_MOBILE = 9;
export const BADGE_CAP_DESKTOP = 99;

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** Longer than any token the server signs: a longer one is refused unread. */
export const ACCESS_TOKEN_MAX_LENGTH = 4096;
export const REFRESH_TOKEN_TTL_DAYS = 30;
/**
 * A rotated refresh token used again within this many seconds, before its successor was ever
 * used, is a retry (GoTrue's reuse interval): it gets the same successor again instead of
 * ending the session.
 */
export const REFRESH_TOKEN_REUSE_SECONDS = 10;

export const ENCRYPTION_VERSION = 1;
// ENCRYPTION_VERSION_V2 and LINK_REQUEST_TTL_SECONDS live with the v2 format, in e2e/constants.ts.
/**
 * A sealed device-link payload: base64url, one '.', at most this many characters. A version 2
 * payload is exactly this long (its plaintext is padded); a version 1 payload is shorter.
 */
export const SEALED_PAYLOAD_MAX = LINK_SEALED_PAYLOAD_LENGTH;
export const PBKDF2_ITERATIONS = 100_000;
export const ENCRYPTION_SALT_BYTES = 16;
export const ENCRYPTION_IV_BYTES = 12;
export const AES_GCM_TAG_BYTES = 16;
/**
 * Longest base64 ciphertext a 200-character note can produce: each UTF-16 unit is at most three
 * UTF-8 bytes, plus the GCM tag.
 */
export const NOTE_CIPHERTEXT_BASE64_MAX = 4 * Math.ceil((NOTE_MAX * 3 + AES_GCM_TAG_BYTES) / 3);

export const TIMEOUTS_MS = {
  authInit: 10_000,
  sessionCheck: 5_000,
  pushRegistration: 3_000,
  partnerLoad: 3_000,
  notificationFetch: 10_000,
  miniAppHostDetection: 1_000,
} as const;

/**
 * Seconds a client refused for a passing reason (busy, shutting down, database away) is told to
 * wait in Retry-After, and waits when the header is missing.
 */
export const RETRY_AFTER_SECONDS = 1;

export const LIVE_CHANNEL = {
  path: '/socket.io',
  reconnectionAttempts: 5,
  reconnectionDelayMs: 1_000,
  reconnectionDelayMaxMs: 5_000,
  randomizationFactor: 0.5,
  connectTimeoutMs: 20_000,
} as const;

export const TOAST_MS = { newDesire: 4_000, sent: 3_000 } as const;
export const PARTNER_CONNECTED_REDIRECT_MS = 500;
export const IOS_INSTALL_PROMPT_DELAY_MS = 5_000;
export const APP_VERSION = '1.0.0';

/** SPEC §9 notification appearance. */
export const NOTIFICATION_APPEARANCE = {
  icon: '/icons/icon-192.png',
  badge: '/icons/badge-72.png',
  vibrate: [100, 50, 100],
  renotify: true,
} as const;

/** How deep a request's JSON may nest (objects and arrays) before it is refused. */
export const INPUT_DEPTH_MAX = 32;

/** Desires one sender may send in a minute, over every surface: generous for a couple. */
export const DESIRES_PER_MINUTE = 60;
/** Failed sign-ins of one account within the window below before its sign-ins are slowed down. */
export const SIGN_IN_FAILURES_BEFORE_SLOWDOWN = 10;
export const SIGN_IN_FAILURE_WINDOW_MINUTES = 15;
/** Once slowed down, one sign-in attempt of that account per this many seconds. */
export const SIGN_IN_SLOWDOWN_SECONDS = 30;
/** Debug log entries each account keeps (log_debug deletes older ones, migration 011). */
export const DEBUG_LOG_ENTRIES_KEPT = 200;

/** A password reset link works once, within this many minutes. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** Reset e-mails one address may be sent in an hour, whoever asks (the per-address budget). */
export const PASSWORD_RESET_EMAILS_PER_HOUR = 5;
/** An e-mail change link works once, within this many hours. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** Web app pages that mailed links and "Forgot password?" open, signed in or not. */
export const ACCOUNT_PAGES = {
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  emailChanged: '/auth/email-changed',
} as const;
/** The "{name} disconnected from you" toast stays long enough to read after the redirect. */
export const PARTNER_LEFT_TOAST_MS = 10_000;
