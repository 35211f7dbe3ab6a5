import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAIRING_CODE_ALPHABET,
  SERVER_TEXTS,
  normalizePairingCode,
  type PartnerStatusResponse,
} from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, pair, request, type TestUser } from './helpers/api.js';

const CODE = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{4}-[${PAIRING_CODE_ALPHABET}]{4}$`);

interface ConnectionRow {
  user1_id: string;
  user2_id: string;
  ended_at: string | null;
  ended_by: string | null;
}

describe.each(DRIVERS)('pairing codes (%s)', (driver) => {
  let server: TestServer;
  const call = (method: string, path: string, user: TestUser, body?: unknown) =>
    request(server.url, method, `/api/partner${path}`, { token: user.token, body });
  const generate = async (user: TestUser) => {
    const response = await call('POST', '/generate-code', user);
    expect(response.status).toBe(200);
    return response.body.code!;
  };
  const connect = (user: TestUser, code: unknown) => call('POST', '/connect', user, { code });
  const status = async (user: TestUser) =>
    (
      await request<PartnerStatusResponse>(server.url, 'GET', '/api/partner/status', {
        token: user.token,
      })
    ).body;
  const connectionsOf = async (userId: string) =>
    (
      await server.database.db.query<ConnectionRow>(
        `SELECT user1_id, user2_id, ended_at, ended_by FROM partner_connections
         WHERE $1 IN (user1_id, user2_id) ORDER BY created_at`,
        [userId],
      )
    ).rows;
  const users = (count: number) =>
    Promise.all(Array.from({ length: count }, () => createUser(server.url)));

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  it('shows every code as XXXX-XXXX from the alphabet without 0, O, 1, I or L', async () => {
    const [owner] = await users(1);
    const codes = [];
    for (let i = 0; i < 12; i += 1) codes.push(await generate(owner!));
    for (const code of codes) expect(code).toMatch(CODE);
    expect(codes.join('')).not.toMatch(/[01OIL]/);
    expect(new Set(codes).size).toBe(codes.length);
    const stored = await server.database.db.query<{ code: string }>(
      'SELECT code FROM pairing_codes WHERE owner_id = $1',
      [owner!.id],
    );
    expect(stored.rows).toEqual([{ code: normalizePairingCode(codes.at(-1)!) }]);
  });

  it.each([
    ['as shown', (code: string) => code],
    ['without the dash', (code: string) => code.replace('-', '')],
    ['in lower case', (code: string) => code.toLowerCase()],
    [
      'in mixed case with spaces',
      (code: string) => ` ${code.slice(0, 2).toLowerCase()}${code.slice(2)} `,
    ],
  ])('accepts the code typed %s', async (_how, typing) => {
    const [owner, redeemer] = await users(2);
    const code = await generate(owner!);
    const connected = await connect(redeemer!, typing(code));
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({
      success: true,
      error: null,
      partner: { id: owner!.id },
    });
    expect(await status(owner!)).toMatchObject({
      status: 'accepted',
      partner: { id: redeemer!.id },
    });
  });

  it('refuses your own code and leaves it open', async () => {
    const [owner] = await users(1);
    const code = await generate(owner!);
    const own = await connect(owner!, code);
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({
      success: false,
      error: SERVER_TEXTS.ownPairingCode,
      code: 'pairing_code_own',
    });
    expect(await status(owner!)).toEqual({ status: 'pending', has_partner: false, partner: null });
  });

  it('answers an unknown code with 404 Invalid pairing code', async () => {
    const [redeemer] = await users(1);
    const unknown = await connect(redeemer!, 'ZZZZ-ZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      success: false,
      error: SERVER_TEXTS.invalidPairingCode,
      code: 'pairing_code_invalid',
    });
  });

  it.each([
    ['ABC'],
    ['ABCD-EFG0'],
    ['ABCD-EFGHJ'],
    ['ABCD-EFGI'],
    [''],
    [12345678],
    [null],
    ['A'.repeat(40)],
  ])('refuses the malformed code %j with 400', async (code) => {
    const [redeemer] = await users(1);
    const response = await connect(redeemer!, code);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      error: SERVER_TEXTS.invalidPairingCode,
      code: 'invalid_input',
    });
  });

  it('refuses a body without a code with 400', async () => {
    const [redeemer] = await users(1);
    const response = await call('POST', '/connect', redeemer!, {});
    expect(response.status).toBe(400);
    expect(typeof response.body.error).toBe('string');
  });

  it('refuses an expired code with 410 and changes nothing', async () => {
    const [owner, redeemer] = await users(2);
    const code = await generate(owner!);
    await server.database.db.query(
      `UPDATE pairing_codes SET expires_at = now() - interval '1 second' WHERE code = $1`,
      [normalizePairingCode(code)],
    );
    const expired = await connect(redeemer!, code);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({
      success: false,
      error: SERVER_TEXTS.pairingCodeExpired,
      code: 'pairing_code_expired',
    });

    for (const user of [owner!, redeemer!]) {
      expect(await status(user)).toEqual({ status: 'none', has_partner: false, partner: null });
      expect(await connectionsOf(user.id)).toEqual([]);
    }
    const row = await server.database.db.query<{ used_at: string | null }>(
      'SELECT used_at FROM pairing_codes WHERE code = $1',
      [normalizePairingCode(code)],
    );
    expect(row.rows).toEqual([{ used_at: null }]);
  });

  it('refuses a code that was already used with 409', async () => {
    const [owner, redeemer, late] = await users(3);
    const code = await pair(server.url, owner!, redeemer!);
    const used = await connect(late!, code);
    expect(used.status).toBe(409);
    expect(used.body).toMatchObject({
      success: false,
      error: SERVER_TEXTS.pairingCodeUsed,
      code: 'pairing_code_used',
    });
    expect(await status(late!)).toMatchObject({ status: 'none', has_partner: false });
  });

  it('replaces the previous unused code with a new one', async () => {
    const [owner, redeemer] = await users(2);
    const first = await generate(owner!);
    const second = await generate(owner!);
    expect(second).not.toBe(first);
    const old = await connect(redeemer!, first);
    expect(old.status).toBe(404);
    expect(old.body.error).toBe(SERVER_TEXTS.invalidPairingCode);
    expect((await connect(redeemer!, second)).status).toBe(200);
  });

  it('refuses pairing when either side is already paired', async () => {
    const [paired, partner, single, other] = await users(4);
    await pair(server.url, paired!, partner!);

    const generateWhilePaired = await call('POST', '/generate-code', paired!);
    expect(generateWhilePaired.status).toBe(409);
    expect(generateWhilePaired.body).toMatchObject({
      success: false,
      code: 'already_paired',
      error: SERVER_TEXTS.alreadyPaired,
    });

    const code = await generate(single!);
    const redeemerPaired = await connect(paired!, code);
    expect(redeemerPaired.status).toBe(409);
    expect(redeemerPaired.body.error).toBe(SERVER_TEXTS.alreadyPaired);
    expect(await status(single!)).toMatchObject({ status: 'pending', has_partner: false });

    // A code can only outlive its owner's pairing through a race; plant one to reach the guard.
    await server.database.db.query(
      `INSERT INTO pairing_codes (code, owner_id, expires_at) VALUES ('PRANKED2', $1, now() + interval '5 minutes')`,
      [paired!.id],
    );
    const ownerPaired = await connect(other!, 'PRAN-KED2');
    expect(ownerPaired.status).toBe(409);
    expect(ownerPaired.body.error).toBe(SERVER_TEXTS.codeOwnerPaired);
    expect(await status(paired!)).toMatchObject({ partner: { id: partner!.id } });
    expect(await status(other!)).toMatchObject({ status: 'none', has_partner: false });
  });

  it('lets exactly one of two concurrent redeemers of one code win', async () => {
    const [owner, first, second] = await users(3);
    const code = await generate(owner!);
    const answers = await Promise.all([connect(first!, code), connect(second!, code)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? first! : second!;
    const loser = winner === first ? second! : first!;
    expect(await status(owner!)).toMatchObject({ status: 'accepted', partner: { id: winner.id } });
    expect(await status(loser)).toMatchObject({ status: 'none', has_partner: false });
    expect(await connectionsOf(owner!.id)).toHaveLength(1);
    expect(await connectionsOf(loser.id)).toEqual([]);
  });

  it('inserts a partner_connections row on pairing and ends it on disconnect', async () => {
    const [owner, redeemer] = await users(2);
    await pair(server.url, owner!, redeemer!);
    expect(await connectionsOf(owner!.id)).toEqual([
      { user1_id: owner!.id, user2_id: redeemer!.id, ended_at: null, ended_by: null },
    ]);

    const done = await call('POST', '/disconnect', redeemer!);
    expect(done.status).toBe(200);
    const [ended] = await connectionsOf(owner!.id);
    expect(ended).toMatchObject({
      user1_id: owner!.id,
      user2_id: redeemer!.id,
      ended_by: redeemer!.id,
    });
    expect(Date.parse(ended!.ended_at!)).not.toBeNaN();

    await pair(server.url, redeemer!, owner!);
    const rows = await connectionsOf(owner!.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual({
      user1_id: redeemer!.id,
      user2_id: owner!.id,
      ended_at: null,
      ended_by: null,
    });
  });

  it('refuses every partner route without a token', async () => {
    for (const [method, path] of [
      ['GET', '/status'],
      ['POST', '/generate-code'],
      ['POST', '/connect'],
      ['POST', '/disconnect'],
    ] as const) {
      const body = method === 'POST' ? { code: 'ABCD-EFGH' } : undefined;
      const response = await request(server.url, method, `/api/partner${path}`, { body });
      expect(response.status).toBe(401);
      expect(typeof response.body.error).toBe('string');
    }
  });
});
