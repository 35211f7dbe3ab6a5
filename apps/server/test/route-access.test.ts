import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, API_ROUTES, routePath, type ApiRouteName } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { request } from './helpers/api.js';

const NAMES = Object.keys(API_ROUTES) as ApiRouteName[];
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/**
 * API_ROUTES is the one statement of who may call a route: the web client sends its token by it,
 * so a route the server guards must say `user` there, and one it leaves open must not.
 */
describe.each(DRIVERS)('route access as API_ROUTES states it (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('asks for a session on exactly the routes whose access is user', async () => {
    const refused: ApiRouteName[] = [];
    for (const name of NAMES) {
      const { method } = API_ROUTES[name];
      const response = await request(
        server.url,
        method,
        `${API_PREFIX}${routePath(name, { id: SOME_ID })}`,
        { body: method === 'GET' || method === 'DELETE' ? undefined : {} },
      );
      if (response.status === 401 && response.body.code === 'session_missing') refused.push(name);
    }
    expect(refused).toEqual(NAMES.filter((name) => API_ROUTES[name].access === 'user'));
  });

  it('states every kind of access somewhere, so the comparison above covers each', () => {
    const access = new Set(NAMES.map((name) => API_ROUTES[name].access));
    expect([...access].sort()).toEqual(['public', 'signed-event', 'user', 'webhook-secret']);
  });
});
