import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function errorOf(env: NodeJS.ProcessEnv): Error {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig', () => {
  it('starts on the embedded default with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: 'localhost',
      DATA_DIR: './data',
      PGLITE_THREAD: 'worker',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      REQUIRE_EMAIL_CONFIRMATION: false,
      RATE_LIMIT_AUTH_PER_MINUTE: 10,
      RATE_LIMIT_REFRESH_PER_MINUTE: 30,
      RATE_LIMIT_PAIRING_PER_MINUTE: 10,
      BODY_LIMIT_BYTES: 16_384,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('treats empty values as unset, parses numbers and flags, and derives PUBLIC_URL from PORT', () => {
    const config = loadConfig({
      DATABASE_URL: '',
      PORT: '8080',
      REQUIRE_EMAIL_CONFIRMATION: 'yes',
      TRUST_PROXY: 'yes',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(8080);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.REQUIRE_EMAIL_CONFIRMATION).toBe(true);
    expect(config.TRUST_PROXY).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://desires.example' }).PUBLIC_URL).toBe(
      'https://desires.example',
    );
  });

  it('runs PGlite in the server thread only when told, and names a bad choice', () => {
    expect(loadConfig({ PGLITE_THREAD: 'main' }).PGLITE_THREAD).toBe('main');
    expect(errorOf({ PGLITE_THREAD: 'thread' }).message).toContain('PGLITE_THREAD');
  });

  it('accepts postgres:// and postgresql:// URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app' }).DATABASE_URL).toBe(
      'postgres://u:p@db:5432/app',
    );
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/app' }).DATABASE_URL).toBe(
      'postgresql://db/app',
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['DATABASE_URL', 'mysql://db/app'],
    ['DATABASE_URL', 'not a url'],
    ['JWT_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['REQUIRE_EMAIL_CONFIRMATION', 'maybe'],
    ['RATE_LIMIT_AUTH_PER_MINUTE', '0'],
    ['SMTP_URL', 'http://mail'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, proxy.local'],
    ['TRUST_PROXY', '1000'],
  ])('refuses %s=%j with a one-line ConfigError naming it', (name, value) => {
    const error = errorOf({ [name]: value });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${name}: .+$`));
    expect(error.message).not.toContain('\n');
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['172.18.0.0/16, ::1', ['172.18.0.0/16', '::1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('reads %j as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });
});

describe('secrets from files (NAME_FILE)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'couple-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  function secretFile(name: string, content: string): string {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  }

  it('reads each secret from its file, without the trailing line break', () => {
    const secret = 'a'.repeat(40);
    const config = loadConfig({
      JWT_SECRET_FILE: secretFile('jwt', `${secret}\n`),
      DATABASE_URL_FILE: secretFile('db', 'postgres://app:pw@db:5432/app\r\n'),
      ANON_KEY_FILE: secretFile('anon', 'anon-key-0123456789'),
    });
    expect(config.JWT_SECRET).toBe(secret);
    expect(config.DATABASE_URL).toBe('postgres://app:pw@db:5432/app');
    expect(config.ANON_KEY).toBe('anon-key-0123456789');
  });

  it('checks a value from a file like any other', () => {
    const error = errorOf({ JWT_SECRET_FILE: secretFile('short', 'short\n') });
    expect(error.message).toBe('Invalid configuration: JWT_SECRET: must be at least 32 characters');
  });

  it('refuses a missing or empty file, and both forms at once, without showing a value', () => {
    expect(errorOf({ JWT_SECRET_FILE: join(dir, 'missing') }).message).toBe(
      `Invalid configuration: JWT_SECRET_FILE: cannot read ${join(dir, 'missing')} (ENOENT)`,
    );
    expect(errorOf({ ANON_KEY_FILE: secretFile('empty', '\n') }).message).toMatch(
      /^Invalid configuration: ANON_KEY_FILE: .+ is empty$/,
    );
    const both = errorOf({
      JWT_SECRET: 'b'.repeat(40),
      JWT_SECRET_FILE: secretFile('jwt2', 'c'.repeat(40)),
    });
    expect(both).toBeInstanceOf(ConfigError);
    expect(both.message).toBe(
      'Invalid configuration: JWT_SECRET_FILE: set JWT_SECRET or JWT_SECRET_FILE, not both',
    );
    expect(both.message).not.toContain('b'.repeat(40));
  });

  it('reads no file for a variable that is not a secret', () => {
    const config = loadConfig({ DATA_DIR_FILE: secretFile('dir', '/elsewhere') });
    expect(config.DATA_DIR).toBe('./data');
  });
});
