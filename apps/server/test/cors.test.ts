import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, request, type TestUser } from './helpers/api.js';

const ANON_KEY = 'test-anon-key-cors-0123456789';
const FRONT_END = 'https://front.example';

/** Preflight as a browser sends it before supabase-js's PATCH of a message. */
const preflight = (server: TestServer, origin: string) =>
  request(server.url, 'OPTIONS', '/rest/v1/messages?id=eq.x', {
    headers: {
      origin,
      'access-control-request-method': 'PATCH',
      'access-control-request-headers':
        'apikey, authorization, content-type, prefer, x-client-info',
    },
  });

describe('a front end served from another origin (CORS_ORIGINS)', () => {
  let server: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      env: { ANON_KEY, CORS_ORIGINS: `${FRONT_END}, http://localhost:5173/` },
    });
    user = await createUser(server.url);
  });
  afterAll(() => server?.close());

  it('is allowed the headers supabase-js sends, without credentials', async () => {
    const answer = await preflight(server, FRONT_END);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(FRONT_END);
    expect(answer.headers.get('access-control-allow-methods')).toContain('PATCH');
    const headers = answer.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['apikey', 'authorization', 'prefer', 'x-client-info', 'range']) {
      expect(headers).toContain(header);
    }
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('reads answers and the headers it needs, on /rest/v1, /auth/v1 and /api', async () => {
    const rest = await request(server.url, 'GET', '/rest/v1/messages', {
      token: user.token,
      headers: { origin: FRONT_END, apikey: ANON_KEY, prefer: 'count=exact' },
    });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('access-control-allow-origin')).toBe(FRONT_END);
    expect(rest.headers.get('access-control-expose-headers')).toContain('content-range');
    const auth = await request(server.url, 'GET', '/auth/v1/user', {
      token: user.token,
      headers: { origin: 'http://localhost:5173', apikey: ANON_KEY },
    });
    expect(auth.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const api = await request(server.url, 'GET', '/api/profile', {
      token: user.token,
      headers: { origin: FRONT_END },
    });
    expect(api.headers.get('access-control-allow-origin')).toBe(FRONT_END);
  });

  it('gives an origin not on the list nothing to read', async () => {
    const answer = await preflight(server, 'https://evil.example');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const read = await request(server.url, 'GET', '/api/profile', {
      token: user.token,
      headers: { origin: 'https://evil.example' },
    });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS_ORIGINS', () => {
  it('is off by default', async () => {
    expect(loadConfig({}).CORS_ORIGINS).toEqual([]);
    const server = await startTestServer('pglite');
    try {
      const answer = await preflight(server, FRONT_END);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('refuses a wildcard or a path, naming the entry', () => {
    for (const bad of ['*', 'https://front.example/app', 'front.example', 'https://*.example']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(ConfigError);
    }
  });
});
