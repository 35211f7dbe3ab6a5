import { describe, expect, it } from 'vitest';
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
