import { z } from 'zod';
import {
  DESIRES_PER_MINUTE,
  SIGN_IN_FAILURES_BEFORE_SLOWDOWN,
  SIGN_IN_SLOWDOWN_SECONDS,
  WISH_MATCH_NOTICE_INTERVAL_SECONDS,
} from '@couple/protocol';
import { isVapidKeyPair } from './push/keys.js';
import { farcasterEnvShape } from './farcaster/config.js';
import { metricsEnvShape } from './metrics/config.js';
import { backupEnvShape } from './backup/config.js';
import { originList } from './config-origins.js';
import { trustProxySetting } from './config-proxy.js';
import { readSecretFiles, SecretFileError } from './config-files.js';

/** How often, by default, each open socket and Realtime channel has its session checked again. */
export const SESSION_RECHECK_INTERVAL_MS = 30_000;

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** scheme://host[:port], nothing else: no wildcard, no path. */
const HTTP_ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** A key as web-push takes it: unpadded base64url of exactly this many bytes. */
function base64urlBytes(bytes: number, what: string) {
  return z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `must be ${what} in unpadded base64url`)
    .refine(
      (value) => Buffer.from(value, 'base64url').length === bytes,
      `must be ${what} in unpadded base64url`,
    );
}

/** Push services want a contact: the public https origin, else a mailto: address. */
function defaultVapidSubject(publicUrl: string | undefined): string {
  const url = publicUrl ? new URL(publicUrl) : null;
  return url?.protocol === 'https:' && url.hostname !== 'localhost'
    ? url.origin
    : 'mailto:admin@localhost';
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    // Where embedded PGlite runs: its own worker thread, or the server's thread (no worker).
    PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
      .optional(),
    // Connections each instance keeps open to PostgreSQL (ignored on PGlite).
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: trustProxySetting.default(false),
    REQUIRE_EMAIL_CONFIRMATION: flag.default(false),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Desires <no-reply@localhost>'),
    RATE_LIMIT_AUTH_PER_MINUTE: positiveInt.default(10),
    RATE_LIMIT_REFRESH_PER_MINUTE: positiveInt.default(30),
    RATE_LIMIT_PAIRING_PER_MINUTE: positiveInt.default(10),
    RATE_LIMIT_DESIRES_PER_MINUTE: positiveInt.default(DESIRES_PER_MINUTE),
    SIGN_IN_FAILURES_BEFORE_SLOWDOWN: positiveInt.default(SIGN_IN_FAILURES_BEFORE_SLOWDOWN),
    SIGN_IN_SLOWDOWN_SECONDS: positiveInt.default(SIGN_IN_SLOWDOWN_SECONDS),
    BODY_LIMIT_BYTES: positiveInt.default(16_384),
    // Load shedding: refuse new work (503 server_busy) while the database has more than
    // LOAD_SHED_PENDING operations in flight and the oldest has waited LOAD_SHED_WAIT_MS, or
    // while the event loop runs LOAD_SHED_LOOP_MS late in two of its last four windows.
    LOAD_SHED_WAIT_MS: positiveInt.default(250),
    LOAD_SHED_PENDING: positiveInt.default(16),
    LOAD_SHED_LOOP_MS: positiveInt.default(250),
    // On SIGTERM, keep serving this long while the readiness probe says 503, so that a proxy's
    // health check moves new work elsewhere before the server closes (0: close at once).
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
    // At most one new-match push and mini-app notification per person in this many seconds
    // (0: every new match is pushed).
    WISH_MATCH_NOTICE_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .default(WISH_MATCH_NOTICE_INTERVAL_SECONDS),
    // How often each open socket and Realtime channel has its session checked again.
    SESSION_RECHECK_MS: positiveInt.default(SESSION_RECHECK_INTERVAL_MS),
    // Web Push (VAPID): both keys or neither; without them a pair is generated once and stored.
    VAPID_PUBLIC_KEY: base64urlBytes(65, 'a 65-byte P-256 public key').optional(),
    VAPID_PRIVATE_KEY: base64urlBytes(32, 'a 32-byte P-256 private key').optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
      .optional(),
    // The public anonymous key that /rest/v1 and /auth/v1 callers send as `apikey`.
    ANON_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    PUSH_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    // Front ends on other origins allowed to call /api, /rest/v1 and /auth/v1 (CORS); none by default.
    CORS_ORIGINS: originList(HTTP_ORIGIN, 'an http(s) origin').default([]),
    ...farcasterEnvShape,
    ...metricsEnvShape,
    ...backupEnvShape,
  })
  .superRefine((env, issues) => {
    if (Boolean(env.VAPID_PUBLIC_KEY) === Boolean(env.VAPID_PRIVATE_KEY)) return;
    const [missing, given] = env.VAPID_PUBLIC_KEY
      ? ['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY']
      : ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'];
    issues.addIssue({
      code: 'custom',
      path: [missing],
      message: `is required when ${given} is set`,
    });
  })
  .superRefine((env, issues) => {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return;
    if (isVapidKeyPair(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY)) return;
    const message = 'is not the public key of VAPID_PRIVATE_KEY';
    issues.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message });
  })
  .transform((env) => ({
    ...env,
    VAPID_SUBJECT: env.VAPID_SUBJECT ?? defaultVapidSubject(env.PUBLIC_URL),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  }));

/** Every variable the configuration reads (deployment files are checked against it). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.in.shape);

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {}

/** Parses the environment once; the first bad value is reported in one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  let withSecrets: NodeJS.ProcessEnv;
  try {
    withSecrets = readSecretFiles(env);
  } catch (error) {
    if (!(error instanceof SecretFileError)) throw error;
    throw new ConfigError(`Invalid configuration: ${error.variable}: ${error.message}`);
  }
  const present = Object.fromEntries(
    Object.entries(withSecrets).filter(([, value]) => value !== ''),
  );
  const result = schema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') || 'environment';
    throw new ConfigError(`Invalid configuration: ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  return result.data;
}
