import { afterAll, describe, expect, it } from 'vitest';
import { domainManifestSchema, miniAppEmbedNextSchema } from '@farcaster/miniapp-core';
import { ConfigError, loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { miniAppEmbedContent } from '../src/farcaster/manifest.js';
import { DRIVERS, createTestDatabase, type TestDatabase } from './helpers/database.js';
import { startTestServer } from './helpers/server.js';
import { request } from './helpers/api.js';

const ASSOCIATION = {
  FARCASTER_ACCOUNT_ASSOCIATION_HEADER:
    'eyJmaWQiOjEyMzQ1LCJ0eXBlIjoiY3VzdG9keSIsImtleSI6IjB4MDAifQ',
  FARCASTER_ACCOUNT_ASSOCIATION_PAYLOAD: 'eyJkb21haW4iOiJkZXNpcmVzLmV4YW1wbGUuY29tIn0',
  FARCASTER_ACCOUNT_ASSOCIATION_SIGNATURE: 'MHhhYmNk',
};

const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0' };

let shared: TestDatabase | undefined;

/** buildApp with this environment over one database shared by these checks. */
async function build(env: Record<string, string>): Promise<void> {
  shared ??= await createTestDatabase('pglite');
  const { app } = await buildApp({
    config: loadConfig({ ...base, ...env }),
    db: shared.db,
    logger: false,
  });
  await app.close();
}

afterAll(() => shared?.drop());

describe.each(DRIVERS)('the Farcaster manifest (%s)', (driver) => {
  it('is served from configuration, valid, with URLs derived from PUBLIC_URL', async () => {
    const server = await startTestServer(driver, {
      env: {
        PUBLIC_URL: 'https://desires.example.com',
        ...ASSOCIATION,
        FARCASTER_APP_NAME: 'Our Desires',
        FARCASTER_TAGS: 'couples, love,private',
        FARCASTER_PRIMARY_CATEGORY: 'social',
        FARCASTER_SPLASH_BACKGROUND_COLOR: '#FF3366',
        FARCASTER_SUBTITLE: 'Just the two of you',
      },
    });
    try {
      const answer = await request(server.url, 'GET', '/.well-known/farcaster.json');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(domainManifestSchema.safeParse(answer.body).success).toBe(true);
      const expected = {
        version: '1',
        name: 'Our Desires',
        iconUrl: 'https://desires.example.com/icons/icon-1024.png',
        homeUrl: 'https://desires.example.com',
        imageUrl: 'https://desires.example.com/images/miniapp-embed.png',
        splashImageUrl: 'https://desires.example.com/icons/splash-200.png',
        splashBackgroundColor: '#FF3366',
        webhookUrl: 'https://desires.example.com/api/farcaster/webhook',
        primaryCategory: 'social',
        tags: ['couples', 'love', 'private'],
        subtitle: 'Just the two of you',
      };
      expect(answer.body).toMatchObject({
        accountAssociation: {
          header: ASSOCIATION.FARCASTER_ACCOUNT_ASSOCIATION_HEADER,
          payload: ASSOCIATION.FARCASTER_ACCOUNT_ASSOCIATION_PAYLOAD,
          signature: ASSOCIATION.FARCASTER_ACCOUNT_ASSOCIATION_SIGNATURE,
        },
        miniapp: expected,
        frame: expected,
      });
    } finally {
      await server.close();
    }
  });

  it('answers 404 with a clear error in development (http://localhost, no association)', async () => {
    const server = await startTestServer(driver);
    try {
      const answer = await request(server.url, 'GET', '/.well-known/farcaster.json');
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        error: 'Farcaster manifest is not configured',
        code: 'farcaster_manifest_not_configured',
      });
    } finally {
      await server.close();
    }
  });
});

describe('invalid Farcaster manifest configuration', () => {
  it.each([
    [
      'an http PUBLIC_URL with an account association',
      { PUBLIC_URL: 'http://localhost:3000', ...ASSOCIATION },
      /miniapp\.iconUrl \(from PUBLIC_URL\): Must be an https url/,
    ],
    [
      'an unknown category',
      {
        PUBLIC_URL: 'https://desires.example.com',
        ...ASSOCIATION,
        FARCASTER_PRIMARY_CATEGORY: 'dating',
      },
      /miniapp\.primaryCategory \(FARCASTER_PRIMARY_CATEGORY\)/,
    ],
    [
      'a name too long',
      {
        PUBLIC_URL: 'https://desires.example.com',
        ...ASSOCIATION,
        FARCASTER_APP_NAME: 'x'.repeat(33),
      },
      /miniapp\.name \(FARCASTER_APP_NAME\)/,
    ],
    [
      'a tag with emoji (explicit, even without association)',
      { PUBLIC_URL: 'http://localhost:3000', FARCASTER_TAGS: 'love,🔥' },
      /miniapp\.tags\.1 \(FARCASTER_TAGS\): Emojis and symbols are not allowed/,
    ],
    [
      'a bad colour (explicit, without association)',
      { FARCASTER_SPLASH_BACKGROUND_COLOR: 'red' },
      /FARCASTER_SPLASH_BACKGROUND_COLOR\): Invalid hex color code/,
    ],
    [
      'an explicit IP-address icon URL',
      {
        PUBLIC_URL: 'https://desires.example.com',
        ...ASSOCIATION,
        FARCASTER_ICON_URL: 'https://10.0.0.1/icon.png',
      },
      /FARCASTER_ICON_URL\): URL must not use IP addresses or localhost/,
    ],
    [
      'an incomplete account association',
      { PUBLIC_URL: 'https://desires.example.com', FARCASTER_ACCOUNT_ASSOCIATION_HEADER: 'abc' },
      /must be set together/,
    ],
  ])('stops buildApp: %s', async (_name, env, message) => {
    const attempt = build(env);
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(message);
    await expect(attempt).rejects.toThrow(/^Invalid configuration: Farcaster manifest: [^\n]+$/);
  });

  it('still starts in development when nothing Farcaster-specific is set', async () => {
    await expect(build({ PUBLIC_URL: 'http://localhost:3000' })).resolves.toBeUndefined();
  });
});

describe('the fc:miniapp embed meta tag content', () => {
  it('is a valid launch_miniapp embed built from configuration', () => {
    const content = miniAppEmbedContent(
      loadConfig({ ...base, PUBLIC_URL: 'https://desires.example.com' }),
    );
    expect(content).not.toBeNull();
    const embed: unknown = JSON.parse(content!);
    expect(miniAppEmbedNextSchema.safeParse(embed).success).toBe(true);
    expect(embed).toEqual({
      version: '1',
      imageUrl: 'https://desires.example.com/images/miniapp-embed.png',
      button: {
        title: 'Open Desires',
        action: {
          type: 'launch_miniapp',
          name: 'Desires',
          url: 'https://desires.example.com',
          splashImageUrl: 'https://desires.example.com/icons/splash-200.png',
          splashBackgroundColor: '#1a1a2e',
        },
      },
    });
  });

  it('is null when PUBLIC_URL cannot make a valid embed', () => {
    expect(
      miniAppEmbedContent(loadConfig({ ...base, PUBLIC_URL: 'http://localhost:3000' })),
    ).toBeNull();
  });
});
