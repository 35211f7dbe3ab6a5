import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';

/** Returns the named secret, creating it once; every instance on the database shares it. */
export async function loadOrCreateSecret(
  db: Database,
  name: string,
  generate: () => string,
): Promise<string> {
  await db.query(
    'INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, generate()],
  );
  const { rows } = await db.query<{ value: string }>(
    'SELECT value FROM app_secrets WHERE name = $1',
    [name],
  );
  const value = rows[0]?.value;
  if (!value) throw new Error(`secret ${name} could not be stored`);
  return value;
}

/** The secrets every instance must agree on: set in the configuration, or made once and stored. */
export interface AppSecrets {
  /** Signs and checks access tokens. */
  jwtSecret: string;
  /** The public `apikey` of /rest/v1, /auth/v1 and /realtime/v1. */
  anonKey: string;
}

export async function loadAppSecrets(config: Config, db: Database): Promise<AppSecrets> {
  const jwtSecret =
    config.JWT_SECRET ??
    (await loadOrCreateSecret(db, 'jwt_secret', () => randomBytes(48).toString('base64url')));
  const anonKey =
    config.ANON_KEY ??
    (await loadOrCreateSecret(db, 'anon_key', () => randomBytes(24).toString('base64url')));
  return { jwtSecret, anonKey };
}
