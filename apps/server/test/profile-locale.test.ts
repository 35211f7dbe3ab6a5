import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, translate, type AccountData, type Profile } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, request, type TestUser } from './helpers/api.js';

/** The language stored on the account (migration 026, PUT /api/profile/locale), issue 28. */
describe.each(DRIVERS)('the account’s language (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let carol: TestUser;

  const setLocale = (user: TestUser | null, body: unknown, headers?: Record<string, string>) =>
    request(server.url, 'PUT', '/api/profile/locale', {
      token: user?.token,
      body,
      ...(headers && { headers }),
    });
  const profileOf = async (user: TestUser) =>
    (await request<Profile>(server.url, 'GET', '/api/profile', { token: user.token })).body;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, carol] = await Promise.all([createUser(server.url), createUser(server.url)]);
  });
  afterAll(() => server?.close());

  it('is null until set, then the profile and the export answer it', async () => {
    expect((await profileOf(alice)).locale).toBeNull();
    expect(await setLocale(alice, { locale: 'pt-BR' })).toMatchObject({
      status: 200,
      body: { locale: 'pt-BR' },
    });
    expect((await profileOf(alice)).locale).toBe('pt-BR');
    expect(await setLocale(alice, { locale: 'ar' })).toMatchObject({ status: 200 });
    expect((await profileOf(alice)).locale).toBe('ar');

    const exported = await request<AccountData>(server.url, 'GET', '/api/account/export', {
      token: alice.token,
    });
    expect(exported.body.profile.locale).toBe('ar');
    expect((await profileOf(carol)).locale).toBeNull();
  });

  it.each([
    ['an unknown language', { locale: 'xx' }, 'invalid_input'],
    ['a tag in the wrong case', { locale: 'PT-br' }, 'invalid_input'],
    ['a region that is not shipped', { locale: 'pt-PT' }, 'invalid_input'],
    ['no language', {}, 'invalid_input'],
    ['null', { locale: null }, 'invalid_input'],
    ['an unknown field', { locale: 'fr', theme: 'dark' }, 'unknown_field'],
    ['a bare string', 'fr', 'invalid_input'],
  ])('refuses %s with 400 {error, code} and keeps the stored one', async (_name, body, code) => {
    const before = (await profileOf(carol)).locale;
    const refused = await setLocale(carol, body);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: expect.any(String) as unknown, code });
    expect((await profileOf(carol)).locale).toBe(before);
  });

  it('needs a signed-in caller', async () => {
    const anonymous = await setLocale(null, { locale: 'fr' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: expect.any(String) as unknown });
  });

  it('is the owner’s only: row-level security hides it, the check refuses other values', async () => {
    await setLocale(alice, { locale: 'de' });
    const seen = await server.database.db.asUser(carol.id, (tx) =>
      tx.query<{ id: string; locale: string | null }>('SELECT id, locale FROM profiles'),
    );
    expect(seen.rows).toEqual([{ id: carol.id, locale: null }]);
    const changed = await server.database.db.asUser(carol.id, (tx) =>
      tx.query(`UPDATE profiles SET locale = 'fr' WHERE id = $1`, [alice.id]),
    );
    expect(changed.rowCount).toBe(0);
    await expect(
      server.database.db.asUser(carol.id, (tx) =>
        tx.query(`UPDATE profiles SET locale = 'klingon' WHERE id = $1`, [carol.id]),
      ),
    ).rejects.toThrow();
    expect((await profileOf(alice)).locale).toBe('de');
  });

  it('writes error texts in the language Accept-Language names, when they are catalog texts', async () => {
    const french = await request(server.url, 'GET', '/api/nowhere', {
      headers: { 'accept-language': 'fr-CA, en;q=0.5' },
    });
    expect(french.status).toBe(404);
    expect(french.body).toEqual({
      error: translate('fr', ERRORS.not_found.text),
      code: 'not_found',
    });
    expect(french.headers.get('content-language')).toBe('fr');

    const unshipped = await request(server.url, 'GET', '/api/nowhere', {
      headers: { 'accept-language': 'ja' },
    });
    expect(unshipped.body).toEqual({ error: ERRORS.not_found.text, code: 'not_found' });
    expect(unshipped.headers.get('content-language')).toBeNull();

    // A text with a detail in it is no catalog text: it stays as it is.
    const detailed = await setLocale(carol, { locale: 'xx' }, { 'accept-language': 'de' });
    const english = await setLocale(carol, { locale: 'xx' });
    expect(detailed.body).toEqual(english.body);
    expect(detailed.headers.get('content-language')).toBeNull();
  });
});
