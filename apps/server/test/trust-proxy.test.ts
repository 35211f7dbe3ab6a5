import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';
import { request } from './helpers/api.js';

// The test's requests come from 127.0.0.1, standing for a proxy that appends the address it
// saw to X-Forwarded-For; whatever a client writes before that address is its own invention.
describe('which X-Forwarded-For addresses the rate limits believe (pglite)', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function statusesOfSignIns(trustProxy: string, forwardedFor: (i: number) => string) {
    server = await startTestServer('pglite', {
      env: { TRUST_PROXY: trustProxy, RATE_LIMIT_AUTH_PER_MINUTE: '2' },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const attempt = await request(server.url, 'POST', '/api/auth/login', {
        body: { email: `nobody-${i}@example.com`, password: 'wrong-password' },
        headers: { 'x-forwarded-for': forwardedFor(i) },
      });
      statuses.push(attempt.status);
    }
    return statuses;
  }

  const forgedBeforeTheProxy = (i: number) => `10.9.8.${i}, 203.0.113.7`;

  it.each(['1', '127.0.0.1', '127.0.0.0/8, ::1'])(
    'with TRUST_PROXY=%s a client that writes its own addresses still has one budget',
    async (trustProxy) => {
      expect(await statusesOfSignIns(trustProxy, forgedBeforeTheProxy)).toEqual([401, 401, 429]);
    },
  );

  it('with TRUST_PROXY=1 clients behind the proxy each have their own budget', async () => {
    const statuses = await statusesOfSignIns('1', (i) => `203.0.113.${i}`);
    expect(statuses).toEqual([401, 401, 401]);
  });

  it('with TRUST_PROXY=true every hop is believed, so forged addresses escape the limit', async () => {
    expect(await statusesOfSignIns('true', forgedBeforeTheProxy)).toEqual([401, 401, 401]);
  });

  it('a proxy list that does not name the sender makes the header count for nothing', async () => {
    const statuses = await statusesOfSignIns('192.0.2.1', (i) => `203.0.113.${i}`);
    expect(statuses).toEqual([401, 401, 429]);
  });
});
