import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, pair, request, type TestUser } from './helpers/api.js';

/**
 * GET /api/profile's JSON is built by PostgreSQL (profile/repository.ts): it must be what the
 * driver hands back for the same row (db/parsers.ts: ISO timestamps, numbers), field for field.
 */
describe.each(DRIVERS)('the profile built as JSON by the database (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob, carol] = await Promise.all([
      createUser(server.url),
      createUser(server.url),
      createUser(server.url),
    ]);
    await pair(server.url, alice, bob);
    const locale = await request(server.url, 'PUT', '/api/profile/locale', {
      token: alice.token,
      body: { locale: 'fr' },
    });
    expect(locale.status).toBe(200);
  });
  afterAll(() => server?.close());

  /** The same row read through the driver, with the partner's summary and the language. */
  async function rowOf(user: TestUser): Promise<Profile> {
    return server.ctx.db.asUser(user.id, async (tx) => {
      const { rows } = await tx.query<Omit<Profile, 'partner' | 'locale'>>(
        'SELECT * FROM profile_view',
      );
      const { rows: partners } = await tx.query<{ id: string; username: string }>(
        'SELECT id, username FROM get_partner_summary()',
      );
      const { rows: locales } = await tx.query<{ locale: Profile['locale'] }>(
        'SELECT locale FROM profiles WHERE id = $1',
        [user.id],
      );
      expect(rows).toHaveLength(1);
      return { ...rows[0]!, partner: partners[0] ?? null, locale: locales[0]!.locale };
    });
  }

  it.each([
    ['paired, with a language', () => alice, { partnered: true, locale: 'fr' }],
    ['paired, no language yet', () => bob, { partnered: true, locale: null }],
    ['not paired', () => carol, { partnered: false, locale: null }],
  ] as const)('answers a profile %s as the driver reads it', async (_what, user, shape) => {
    const answer = await request<Profile>(server.url, 'GET', '/api/profile', {
      token: user().token,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const expected = await rowOf(user());
    expect([expected.partner !== null, expected.locale]).toEqual([shape.partnered, shape.locale]);
    expect(answer.body).toStrictEqual(expected);
    const me = await request<{ profile: Profile }>(server.url, 'GET', '/api/auth/me', {
      token: user().token,
    });
    expect(me.body.profile).toStrictEqual(expected);
  });
});
