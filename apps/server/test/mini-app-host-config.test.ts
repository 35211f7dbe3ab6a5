import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { request } from './helpers/api.js';

const frameAncestors = (csp: string | null) =>
  /frame-ancestors ([^;]*)/.exec(csp ?? '')?.[1]?.split(' ') ?? [];

/** What a mini-app host needs from the server at run time (issue 18's two host defects). */
describe('a mini-app host other than Farcaster’s, configured at run time', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      env: {
        FRAME_ANCESTORS: 'https://host.example, https://*.clients.example:8443',
        FARCASTER_QUICK_AUTH_ORIGIN: 'http://127.0.0.1:4999/',
      },
    });
  });
  afterAll(() => server?.close());

  it('may frame the app, and no one else may', async () => {
    const answer = await request(server.url, 'GET', '/api/health');
    expect(frameAncestors(answer.headers.get('content-security-policy'))).toEqual([
      "'self'",
      'https://host.example',
      'https://*.clients.example:8443',
    ]);
  });

  it('tells the web app which Quick Auth server to ask for tokens', async () => {
    const answer = await request(server.url, 'GET', '/api/farcaster/client-config');
    expect(answer).toMatchObject({
      status: 200,
      body: { quickAuthOrigin: 'http://127.0.0.1:4999' },
    });
    expect(
      /connect-src [^;]*http:\/\/127\.0\.0\.1:4999/.test(
        answer.headers.get('content-security-policy') ?? '',
      ),
    ).toBe(true);
  });

  it('refuses a query on the client config', async () => {
    const answer = await request(server.url, 'GET', '/api/farcaster/client-config?x=1');
    expect(answer.status).toBe(400);
  });
});

describe('FRAME_ANCESTORS', () => {
  it("defaults to Farcaster's web clients, and takes none", () => {
    expect(loadConfig({}).FRAME_ANCESTORS).toEqual([
      'https://farcaster.xyz',
      'https://*.farcaster.xyz',
      'https://warpcast.com',
      'https://*.warpcast.com',
    ]);
    expect(loadConfig({ FRAME_ANCESTORS: 'none' }).FRAME_ANCESTORS).toEqual([]);
  });

  it('refuses anything that is not an origin, with the entry named', () => {
    for (const bad of [
      "'unsafe-inline'",
      'https://host.example/path',
      'javascript:alert(1)',
      'host.example',
    ]) {
      expect(() => loadConfig({ FRAME_ANCESTORS: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ FRAME_ANCESTORS: 'https://ok.example,ftp://x' })).toThrow(
      /FRAME_ANCESTORS: "ftp:\/\/x" is not an http\(s\) origin/,
    );
  });
});
