import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';
import { request } from './helpers/api.js';

/** helmet's headers for our options (web/csp.ts): every answer carries them, as it did with @fastify/helmet. */
const HELMET_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server?.close());

  it.each([
    ['an answer', '/api/health', 200],
    ['a refusal', '/api/profile', 401],
    ['an unknown path', '/api/no-such-route', 404],
  ])('come with %s', async (_what, path, status) => {
    const answer = await request(server.url, 'GET', path);
    expect(answer.status).toBe(status);
    for (const [name, value] of Object.entries(HELMET_HEADERS)) {
      expect([name, answer.headers.get(name)]).toEqual([name, value]);
    }
    expect(answer.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
    expect(answer.headers.get('x-frame-options')).toBeNull();
  });
});
