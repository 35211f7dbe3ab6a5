import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from '../src/config.js';
import { loadVapidDetails } from '../src/push/vapid.js';
import { createTestDatabase, DRIVERS, type TestDatabase } from './helpers/database.js';

const keys = webpush.generateVAPIDKeys();

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('configuration was accepted');
}

describe('push configuration', () => {
  it('wants both VAPID keys or neither, in one clear line', () => {
    expect(configError({ VAPID_PUBLIC_KEY: keys.publicKey })).toBe(
      'Invalid configuration: VAPID_PRIVATE_KEY: is required when VAPID_PUBLIC_KEY is set',
    );
    expect(configError({ VAPID_PRIVATE_KEY: keys.privateKey })).toBe(
      'Invalid configuration: VAPID_PUBLIC_KEY: is required when VAPID_PRIVATE_KEY is set',
    );
  });

  it('refuses malformed keys, subjects and short webhook secrets', () => {
    expect(
      configError({ VAPID_PUBLIC_KEY: keys.privateKey, VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toMatch(/^Invalid configuration: VAPID_PUBLIC_KEY: must be a 65-byte P-256 public key/);
    expect(
      configError({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: `${keys.privateKey}=` }),
    ).toMatch(/^Invalid configuration: VAPID_PRIVATE_KEY: /);
    expect(configError({ VAPID_SUBJECT: 'http://example.com' })).toMatch(
      /^Invalid configuration: VAPID_SUBJECT: must be a mailto: address or an https:\/\/ URL$/,
    );
    expect(configError({ PUSH_WEBHOOK_SECRET: 'short' })).toBe(
      'Invalid configuration: PUSH_WEBHOOK_SECRET: must be at least 16 characters',
    );
  });

  it('refuses a public key that is not the private key’s', () => {
    const other = webpush.generateVAPIDKeys();
    expect(
      configError({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toBe('Invalid configuration: VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY');
  });

  it('derives the VAPID subject from an https PUBLIC_URL, else uses a mailto: address', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://desires.example/app' }).VAPID_SUBJECT).toBe(
      'https://desires.example',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://desires.example' }).VAPID_SUBJECT).toBe(
      'mailto:admin@localhost',
    );
    expect(loadConfig({}).VAPID_SUBJECT).toBe('mailto:admin@localhost');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@desires.example' }).VAPID_SUBJECT).toBe(
      'mailto:ops@desires.example',
    );
  });
});

describe.each(DRIVERS)('VAPID keys (%s)', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.drop());

  it('generates a key pair once and hands every instance the same one', async () => {
    const config = loadConfig({});
    const first = await loadVapidDetails(config, database.db);
    const second = await loadVapidDetails(config, database.db);
    expect(second).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toBe('mailto:admin@localhost');
  });

  it('uses the configured keys instead of generating any', async () => {
    const configured = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    expect(await loadVapidDetails(configured, database.db)).toEqual({
      subject: 'mailto:admin@localhost',
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
    });
  });
});
