import {
  domainManifestSchema,
  domainMiniAppConfigSchema,
  miniAppEmbedNextSchema,
  type MiniAppEmbedNext,
} from '@farcaster/miniapp-core';
import type { z } from 'zod';
import { ConfigError, type Config } from '../config.js';

export const DEFAULT_APP_NAME = 'Desires';
export const DEFAULT_BUTTON_TITLE = 'Open Desires';
export const DEFAULT_SPLASH_BACKGROUND_COLOR = '#1a1a2e';
export const DEFAULT_PRIMARY_CATEGORY = 'social';
export const DEFAULT_TAGS = 'couples,love,private';
/** Paths under PUBLIC_URL the web app serves; each can be replaced by its FARCASTER_* URL. */
export const DEFAULT_ASSET_PATHS = {
  icon: '/icons/icon-1024.png',
  image: '/images/miniapp-embed.png',
  splash: '/icons/splash-200.png',
} as const;
export const WEBHOOK_PATH = '/api/farcaster/webhook';

type ManifestFields = z.input<typeof domainMiniAppConfigSchema>;

/** Which variable each manifest field comes from; fields not listed derive from PUBLIC_URL. */
const FIELD_VARIABLES: Partial<Record<keyof ManifestFields, keyof Config>> = {
  name: 'FARCASTER_APP_NAME',
  iconUrl: 'FARCASTER_ICON_URL',
  homeUrl: 'FARCASTER_HOME_URL',
  imageUrl: 'FARCASTER_IMAGE_URL',
  buttonTitle: 'FARCASTER_BUTTON_TITLE',
  splashImageUrl: 'FARCASTER_SPLASH_IMAGE_URL',
  splashBackgroundColor: 'FARCASTER_SPLASH_BACKGROUND_COLOR',
  subtitle: 'FARCASTER_SUBTITLE',
  description: 'FARCASTER_DESCRIPTION',
  tagline: 'FARCASTER_TAGLINE',
  primaryCategory: 'FARCASTER_PRIMARY_CATEGORY',
  tags: 'FARCASTER_TAGS',
  screenshotUrls: 'FARCASTER_SCREENSHOT_URLS',
  heroImageUrl: 'FARCASTER_HERO_IMAGE_URL',
  ogTitle: 'FARCASTER_OG_TITLE',
  ogDescription: 'FARCASTER_OG_DESCRIPTION',
  ogImageUrl: 'FARCASTER_OG_IMAGE_URL',
  canonicalDomain: 'FARCASTER_CANONICAL_DOMAIN',
  noindex: 'FARCASTER_NOINDEX',
};

const ASSOCIATION_VARIABLES = [
  'FARCASTER_ACCOUNT_ASSOCIATION_HEADER',
  'FARCASTER_ACCOUNT_ASSOCIATION_PAYLOAD',
  'FARCASTER_ACCOUNT_ASSOCIATION_SIGNATURE',
] as const;

function list(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The mini-app fields from configuration, with defaults derived from PUBLIC_URL. */
export function miniAppFields(config: Config): ManifestFields {
  const base = config.PUBLIC_URL.replace(/\/+$/, '');
  return withoutUndefined({
    version: '1',
    name: config.FARCASTER_APP_NAME ?? DEFAULT_APP_NAME,
    iconUrl: config.FARCASTER_ICON_URL ?? base + DEFAULT_ASSET_PATHS.icon,
    homeUrl: config.FARCASTER_HOME_URL ?? base,
    imageUrl: config.FARCASTER_IMAGE_URL ?? base + DEFAULT_ASSET_PATHS.image,
    buttonTitle: config.FARCASTER_BUTTON_TITLE ?? DEFAULT_BUTTON_TITLE,
    splashImageUrl: config.FARCASTER_SPLASH_IMAGE_URL ?? base + DEFAULT_ASSET_PATHS.splash,
    splashBackgroundColor:
      config.FARCASTER_SPLASH_BACKGROUND_COLOR ?? DEFAULT_SPLASH_BACKGROUND_COLOR,
    webhookUrl: base + WEBHOOK_PATH,
    subtitle: config.FARCASTER_SUBTITLE,
    description: config.FARCASTER_DESCRIPTION,
    tagline: config.FARCASTER_TAGLINE,
    primaryCategory: (config.FARCASTER_PRIMARY_CATEGORY ??
      DEFAULT_PRIMARY_CATEGORY) as ManifestFields['primaryCategory'],
    tags: list(config.FARCASTER_TAGS ?? DEFAULT_TAGS),
    screenshotUrls: list(config.FARCASTER_SCREENSHOT_URLS),
    heroImageUrl: config.FARCASTER_HERO_IMAGE_URL,
    ogTitle: config.FARCASTER_OG_TITLE,
    ogDescription: config.FARCASTER_OG_DESCRIPTION,
    ogImageUrl: config.FARCASTER_OG_IMAGE_URL,
    canonicalDomain: config.FARCASTER_CANONICAL_DOMAIN,
    noindex: config.FARCASTER_NOINDEX,
  });
}

export type FarcasterManifest = z.output<typeof domainManifestSchema>;

export type ManifestState =
  { served: true; manifest: FarcasterManifest } | { served: false; reason: string };

/** One line from the schema's issues, each naming the field and where its value came from. */
function describe(
  config: Config,
  issues: readonly z.core.$ZodIssue[],
  prefix: PropertyKey[] = [],
): string {
  return issues
    .map((issue) => {
      const path = [...prefix, ...issue.path];
      const field = path[0] === 'miniapp' ? path[1] : undefined;
      const variable =
        typeof field === 'string' ? FIELD_VARIABLES[field as keyof ManifestFields] : undefined;
      const explicit = variable !== undefined && config[variable] !== undefined;
      const source = explicit
        ? variable
        : path[0] === 'miniapp'
          ? 'from PUBLIC_URL'
          : 'FARCASTER_ACCOUNT_ASSOCIATION_*';
      return `${path.map(String).join('.')} (${source}): ${issue.message}`;
    })
    .join('; ');
}

function configError(details: string): ConfigError {
  return new ConfigError(`Invalid configuration: Farcaster manifest: ${details}`);
}

/**
 * Builds /.well-known/farcaster.json from configuration and validates it with miniapp-core's
 * domainManifestSchema. Throws ConfigError (one line, the schema's messages) when the account
 * association is configured and the manifest is invalid, when the association is incomplete, or
 * when an explicitly set FARCASTER_* value is invalid. Without an account association the
 * manifest cannot validate (the schema requires one): it is then not served (404) and the
 * reason is returned for a start-up warning — the case of local development.
 */
export function buildFarcasterManifest(config: Config): ManifestState {
  const association = ASSOCIATION_VARIABLES.map((name) => config[name]);
  const configured = association.filter((value) => value !== undefined).length;
  const fields = miniAppFields(config);

  if (configured === ASSOCIATION_VARIABLES.length) {
    const [header, payload, signature] = association as [string, string, string];
    const result = domainManifestSchema.safeParse({
      accountAssociation: { header, payload, signature },
      miniapp: fields,
    });
    if (!result.success) throw configError(describe(config, result.error.issues));
    return { served: true, manifest: result.data };
  }
  if (configured > 0) {
    throw configError(`${ASSOCIATION_VARIABLES.join(', ')} must be set together`);
  }

  const result = domainMiniAppConfigSchema.safeParse(fields);
  if (!result.success) {
    const explicit = result.error.issues.filter((issue) => {
      const variable = FIELD_VARIABLES[issue.path[0] as keyof ManifestFields];
      return variable !== undefined && config[variable] !== undefined;
    });
    if (explicit.length > 0) throw configError(describe(config, explicit, ['miniapp']));
    return {
      served: false,
      reason: `no account association is configured and the manifest is invalid: ${describe(config, result.error.issues, ['miniapp'])}`,
    };
  }
  return {
    served: false,
    reason: 'FARCASTER_ACCOUNT_ASSOCIATION_HEADER, _PAYLOAD and _SIGNATURE are not set',
  };
}

/**
 * The content of the `fc:miniapp` meta tag for the web app's index.html (JSON), or null when
 * the configured values do not make a valid embed (e.g. PUBLIC_URL is http://localhost).
 */
export function miniAppEmbedContent(config: Config): string | null {
  const fields = miniAppFields(config);
  const embed: MiniAppEmbedNext = {
    version: '1',
    imageUrl: fields.imageUrl ?? fields.iconUrl,
    button: {
      title: fields.buttonTitle ?? DEFAULT_BUTTON_TITLE,
      action: {
        type: 'launch_miniapp',
        name: fields.name,
        url: fields.homeUrl,
        splashImageUrl: fields.splashImageUrl,
        splashBackgroundColor: fields.splashBackgroundColor,
      },
    },
  };
  const result = miniAppEmbedNextSchema.safeParse(embed);
  return result.success ? JSON.stringify(result.data) : null;
}
