import { z } from 'zod';
import type { Locale } from '../i18n/locales.js';
import { userIdSchema } from './common.js';

/** Push endpoints are URLs of the browser's push service; real ones are far shorter. */
export const PUSH_ENDPOINT_MAX = 2048;
/** Room for the JSON a webhook caller may put in one notification (a push message holds ~4 KB). */
export const PUSH_NOTIFICATION_MAX_BYTES = 3072;

/** base64url of an uncompressed P-256 point (65 bytes, first byte 0x04): 87 characters. */
const P256DH = /^B[A-Za-z0-9_-]{86}$/;
/** base64url of the 16-byte authentication secret: 22 characters. */
const AUTH_SECRET = /^[A-Za-z0-9_-]{22}$/;

function base64urlKey(name: string, pattern: RegExp, what: string) {
  return z
    .string({ error: `keys.${name} must be a string` })
    .trim()
    .transform((value) => value.replace(/=+$/, ''))
    .pipe(z.string().regex(pattern, `keys.${name} must be ${what} in base64url`));
}

/** The browser's PushSubscription.toJSON(), as PUT /api/push/subscription receives it. */
export const pushSubscriptionSchema = z.strictObject(
  {
    endpoint: z
      .string({ error: 'endpoint must be a string' })
      .max(PUSH_ENDPOINT_MAX, `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`)
      .pipe(z.url({ protocol: /^https$/, error: 'endpoint must be an https URL' })),
    expirationTime: z
      .number({ error: 'expirationTime must be a number or null' })
      .int('expirationTime must be a number or null')
      .nonnegative('expirationTime must be a number or null')
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    keys: z.strictObject(
      {
        p256dh: base64urlKey('p256dh', P256DH, 'a 65-byte P-256 public key'),
        auth: base64urlKey('auth', AUTH_SECRET, 'a 16-byte secret'),
      },
      { error: 'keys {p256dh, auth} are required' },
    ),
  },
  { error: 'Body must be a PushSubscription {endpoint, expirationTime, keys}' },
);
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;
export type StoredPushSubscription = z.output<typeof pushSubscriptionSchema>;

/** Where a notification click leads: a path of this app, or an https URL. */
const notificationUrlSchema = z
  .string({ error: 'notification.url must be a string' })
  .max(PUSH_ENDPOINT_MAX, 'notification.url is too long')
  .refine(
    (url) => (url.startsWith('/') && !url.startsWith('//')) || /^https:\/\/[^\s]+$/.test(url),
    'notification.url must be a path starting with / or an https URL',
  );

export const pushNotificationSchema = z
  .strictObject(
    {
      title: z
        .string({ error: 'notification.title is required' })
        .trim()
        .min(1, 'notification.title is required')
        .max(120, 'notification.title must be at most 120 characters'),
      body: z
        .string({ error: 'notification.body must be a string' })
        .max(500, 'notification.body must be at most 500 characters')
        .default(''),
      url: notificationUrlSchema.default('/'),
      data: z
        .record(z.string(), z.unknown(), { error: 'notification.data must be an object' })
        .default({}),
    },
    { error: 'notification {title, body, url, data} is required' },
  )
  .refine(
    (notification) =>
      new TextEncoder().encode(JSON.stringify(notification)).length <= PUSH_NOTIFICATION_MAX_BYTES,
    `notification must be at most ${PUSH_NOTIFICATION_MAX_BYTES} bytes of JSON`,
  );

/** SPEC §7 push webhook: the user is named by an access token or by id, exactly one of them. */
export const pushWebhookBodySchema = z
  .strictObject(
    {
      token: z
        .string({ error: 'token must be a string' })
        .min(1, 'token must not be empty')
        .optional(),
      userId: userIdSchema.optional(),
      notification: pushNotificationSchema,
    },
    { error: 'Body must be an object {token | userId, notification}' },
  )
  .refine((body) => (body.token === undefined) !== (body.userId === undefined), {
    error: 'Exactly one of token or userId is required',
  });
export type PushWebhookBody = z.output<typeof pushWebhookBodySchema>;

export type PushNotificationData =
  | { type: 'new_desire'; intensity: number }
  | { type: 'partner_connected' }
  | Record<string, unknown>;

/**
 * Declarative Web Push (WebKit, Safari 18.4+): the notification a device shows from the payload
 * alone, without running the service worker. It says nothing private (a desire's is "New desire").
 */
export interface DeclarativeNotification {
  title: string;
  body: string;
  /** The absolute URL a tap opens (PUBLIC_URL + the screen). */
  navigate: string;
  /** The recipient's language and its direction. */
  lang: Locale;
  dir: 'ltr' | 'rtl';
  /** Quiet hours: shown without sound or vibration. */
  silent?: boolean;
  /** The recipient's unread received desires (this one included), set on the app's icon. */
  app_badge?: string;
}

/**
 * SPEC §3 notification payload: what the service worker receives, decrypted. The server's own
 * pushes carry the declarative form beside it (web_push, notification, mutable: the service worker
 * may still show its own); the push webhook's carry only the SPEC fields.
 */
export interface PushPayload {
  userId: string;
  title: string;
  body: string;
  url: string;
  data: PushNotificationData;
  web_push?: 8030;
  notification?: DeclarativeNotification;
  mutable?: boolean;
}
