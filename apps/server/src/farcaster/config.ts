import { z } from 'zod';
import { originList } from '../config-origins.js';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** Farcaster's own Quick Auth server; its JWKS lives at <origin>/.well-known/jwks.json. */
export const DEFAULT_QUICK_AUTH_ORIGIN = 'https://auth.farcaster.xyz';
/**
 * Farcaster's web clients frame mini-apps; mobile clients use a web view (no framing needed).
 * The default of FRAME_ANCESTORS: only they, besides ourselves, may frame the app.
 */
export const FARCASTER_FRAME_ANCESTORS = [
  'https://farcaster.xyz',
  'https://*.farcaster.xyz',
  'https://warpcast.com',
  'https://*.warpcast.com',
];

/** A CSP host source: an http(s) origin, its host optionally starting with `*.`. */
const FRAME_ANCESTOR = /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i;

/** Neynar's hub API, used for app-key checks when only NEYNAR_API_KEY is given. */
export const NEYNAR_HUB_URL = 'https://hub-api.neynar.com';

/**
 * The FARCASTER_* variables, spread into the server's config schema. Manifest fields are plain
 * optional strings here: they are checked at start-up by miniapp-core's domainManifestSchema
 * (see manifest.ts), so that its own messages are reported, and so that "explicitly set" can be
 * told apart from "derived from PUBLIC_URL".
 */
export const farcasterEnvShape = {
  FARCASTER_QUICK_AUTH_ORIGIN: httpUrl
    .default(DEFAULT_QUICK_AUTH_ORIGIN)
    .transform((url) => url.replace(/\/+$/, '')),
  FARCASTER_HUB_URL: httpUrl.optional(),
  /**
   * Comma-separated origins that may frame the app (mini-app hosts on the web), besides itself;
   * `none` for none. Default: Farcaster's web clients.
   */
  FRAME_ANCESTORS: originList(
    FRAME_ANCESTOR,
    'an http(s) origin (https://host, https://*.host) or none',
    { allowNone: true },
  ).default(FARCASTER_FRAME_ANCESTORS),
  NEYNAR_API_KEY: z.string().min(1).optional(),
  /** Development and tests only: accept http:// and loopback notification URLs from webhooks. */
  FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS: flag.default(false),
  FARCASTER_ACCOUNT_ASSOCIATION_HEADER: z.string().optional(),
  FARCASTER_ACCOUNT_ASSOCIATION_PAYLOAD: z.string().optional(),
  FARCASTER_ACCOUNT_ASSOCIATION_SIGNATURE: z.string().optional(),
  FARCASTER_APP_NAME: z.string().optional(),
  FARCASTER_ICON_URL: z.string().optional(),
  FARCASTER_HOME_URL: z.string().optional(),
  FARCASTER_IMAGE_URL: z.string().optional(),
  FARCASTER_BUTTON_TITLE: z.string().optional(),
  FARCASTER_SPLASH_IMAGE_URL: z.string().optional(),
  FARCASTER_SPLASH_BACKGROUND_COLOR: z.string().optional(),
  FARCASTER_SUBTITLE: z.string().optional(),
  FARCASTER_DESCRIPTION: z.string().optional(),
  FARCASTER_TAGLINE: z.string().optional(),
  FARCASTER_PRIMARY_CATEGORY: z.string().optional(),
  /** Comma-separated. */
  FARCASTER_TAGS: z.string().optional(),
  /** Comma-separated. */
  FARCASTER_SCREENSHOT_URLS: z.string().optional(),
  FARCASTER_HERO_IMAGE_URL: z.string().optional(),
  FARCASTER_OG_TITLE: z.string().optional(),
  FARCASTER_OG_DESCRIPTION: z.string().optional(),
  FARCASTER_OG_IMAGE_URL: z.string().optional(),
  FARCASTER_CANONICAL_DOMAIN: z.string().optional(),
  FARCASTER_NOINDEX: flag.optional(),
};
