import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTE_CIPHERTEXT_BASE64_MAX,
  WISH_CUSTOM_MAX,
  WISH_SEALED_CONTENT_MAX,
  type WishItem,
  type WishesState,
} from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, pair } from './helpers/api.js';
import { fakeV2, identityKey, publishKey } from './helpers/keys.js';
import { sealedBlob, wishApi, wishCouple, type WishPerson } from './helpers/wishes.js';

type Blob = (from: WishPerson, to: WishPerson) => unknown;
type Answer = Awaited<ReturnType<ReturnType<typeof wishApi>['call']>>;

describe.each(DRIVERS)('wish input and custom wishes (%s)', (driver) => {
  let server: TestServer;
  let api: ReturnType<typeof wishApi>;
  let alice: WishPerson;
  let bob: WishPerson;

  /**
   * Sends a blob made by `blob` through every route, each called by the side whose step it is,
   * on a round brought to that step with valid blobs, so that only the blob can be wrong.
   */
  async function eachRoute(blob: Blob, check: (answer: Answer, route: string) => void) {
    const round = async (steps: number) => {
      const id = (await api.start(alice, bob)).body.id as string;
      if (steps > 0) await api.reply(bob, alice, id);
      if (steps > 1) await api.finish(alice, bob, id);
      return id;
    };
    const valid = sealedBlob;
    check(
      await api.call(alice, 'POST', '/wishes/items', { id: randomUUID(), text: blob(alice, bob) }),
      'propose',
    );
    check(
      await api.call(alice, 'POST', '/wishes/rounds', {
        id: randomUUID(),
        offer: blob(alice, bob),
      }),
      'start',
    );
    check(
      await api.call(bob, 'PUT', `/wishes/rounds/${await round(0)}/reply`, {
        reply: blob(bob, alice),
      }),
      'reply',
    );
    for (const spoiled of ['finish', 'matches'] as const) {
      const body = { finish: valid(alice, bob), matches: valid(alice, bob), new_match: true };
      check(
        await api.call(alice, 'PUT', `/wishes/rounds/${await round(1)}/finish`, {
          ...body,
          [spoiled]: blob(alice, bob),
        }),
        `finish (${spoiled})`,
      );
    }
    check(
      await api.call(bob, 'PUT', `/wishes/rounds/${await round(2)}/complete`, {
        matches: blob(bob, alice),
      }),
      'complete',
    );
  }

  beforeAll(async () => {
    server = await startTestServer(driver);
    api = wishApi(server.url);
    [alice, bob] = await wishCouple(server.url);
  });
  afterAll(() => server?.close());

  it('adds, lists and withdraws a custom wish; a retry answers the stored item', async () => {
    const id = randomUUID();
    const text = sealedBlob(alice, bob);
    const added = await api.call<WishItem>(alice, 'POST', '/wishes/items', { id, text });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ id, proposer_id: alice.user.id, text });
    const retried = await api.call<WishItem>(alice, 'POST', '/wishes/items', { id, text });
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(added.body);
    const other = await api.call(alice, 'POST', '/wishes/items', {
      id,
      text: sealedBlob(alice, bob),
    });
    expect(other.body).toMatchObject({ code: 'wish_id_taken' });
    expect(
      (await api.call(bob, 'POST', '/wishes/items', { id, text: sealedBlob(bob, alice) })).body,
    ).toMatchObject({ code: 'wish_id_taken' });

    const seen = await api.call<WishesState>(bob, 'GET', '/wishes');
    expect(seen.body.items).toEqual([added.body]);
    // Only the proposer withdraws it.
    expect((await api.call(bob, 'DELETE', `/wishes/items/${id}`)).body).toMatchObject({
      code: 'wish_not_found',
    });
    expect((await api.call(alice, 'DELETE', `/wishes/items/${id}`)).status).toBe(204);
    expect((await api.call(alice, 'DELETE', `/wishes/items/${id}`)).status).toBe(404);
    expect((await api.call<WishesState>(bob, 'GET', '/wishes')).body.items).toEqual([]);
  });

  it(`holds at most ${WISH_CUSTOM_MAX} custom wishes per couple`, async () => {
    for (let index = 0; index < WISH_CUSTOM_MAX; index += 1) {
      const [from, to] = index % 2 === 0 ? [alice, bob] : [bob, alice];
      expect((await api.propose(from, to)).status).toBe(201);
    }
    const full = await api.propose(bob, alice);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'wish_list_full' });
    const { items } = (await api.call<WishesState>(alice, 'GET', '/wishes')).body;
    expect(items).toHaveLength(WISH_CUSTOM_MAX);
    await api.call(
      alice,
      'DELETE',
      `/wishes/items/${items.find((i) => i.proposer_id === alice.user.id)!.id}`,
    );
    expect((await api.propose(bob, alice)).status).toBe(201);
  });

  it('refuses bad ids in the path', async () => {
    for (const path of [
      '/wishes/items/not-a-uuid',
      '/wishes/rounds/not-a-uuid/reply',
      '/wishes/rounds/not-a-uuid/finish',
      '/wishes/rounds/not-a-uuid/complete',
    ]) {
      const method = path.startsWith('/wishes/items') ? 'DELETE' : 'PUT';
      const answer = await api.call(alice, method, path, method === 'PUT' ? {} : undefined);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatchObject({ code: 'invalid_input' });
    }
    for (const [path, id] of [
      ['/wishes/items', 'nope'],
      ['/wishes/rounds', '1234'],
    ] as const) {
      const body = { id, [path.endsWith('items') ? 'text' : 'offer']: sealedBlob(alice, bob) };
      expect((await api.call(alice, 'POST', path, body)).status).toBe(400);
    }
  });

  it('refuses missing and unknown fields on every route', async () => {
    await eachRoute(
      (from, to) => ({ ...sealedBlob(from, to), extra: 1 }),
      (answer, route) => expect(answer.body, route).toMatchObject({ code: 'unknown_field' }),
    );
    await eachRoute(
      () => undefined,
      (answer, route) => expect(answer.status, route).toBe(400),
    );
    for (const [path, body] of [
      ['/wishes/items', { id: randomUUID(), text: sealedBlob(alice, bob), proposer_id: 'x' }],
      ['/wishes/rounds', { id: randomUUID(), offer: sealedBlob(alice, bob), responder_id: 'x' }],
    ] as const) {
      expect((await api.call(alice, 'POST', path, body)).body).toMatchObject({
        code: 'unknown_field',
      });
    }
    expect((await api.call(alice, 'GET', '/wishes?x=1')).status).toBe(400);
    const noBit = await api.call(alice, 'PUT', `/wishes/rounds/${randomUUID()}/finish`, {
      finish: sealedBlob(alice, bob),
      matches: sealedBlob(alice, bob),
    });
    expect(noBit.status).toBe(400);
  });

  it('refuses v1 encryption data, long or non-base64 content on every route', async () => {
    const spoiled: [string, Blob][] = [
      [
        'v1',
        () => ({
          content: randomBytes(32).toString('base64'),
          encryption_data: {
            version: 1,
            iv: randomBytes(12).toString('base64'),
            salt: randomBytes(16).toString('base64'),
          },
        }),
      ],
      ['not base64', (from, to) => ({ ...sealedBlob(from, to), content: 'not base64!' })],
      ['empty', (from, to) => ({ ...sealedBlob(from, to), content: '' })],
      ['no encryption data', (from, to) => ({ content: sealedBlob(from, to).content })],
    ];
    for (const [name, make] of spoiled) {
      await eachRoute(make, (answer, route) => {
        expect(answer.status, `${name}: ${route}`).toBe(400);
        expect(answer.body, `${name}: ${route}`).toMatchObject({ code: 'invalid_input' });
      });
    }
    // Too long: past a note for a custom wish (past the body limit too), past the fixed length
    // of a round message or match list for the rest.
    const long =
      (max: number): Blob =>
      (from, to) => ({
        ...sealedBlob(from, to),
        content: 'A'.repeat(max + 4),
      });
    await eachRoute(long(NOTE_CIPHERTEXT_BASE64_MAX), (answer, route) =>
      expect(answer.status < 300, route).toBe(route !== 'propose'),
    );
    await eachRoute(long(WISH_SEALED_CONTENT_MAX), (answer, route) =>
      expect(answer.status, route).toBe(route === 'propose' ? 413 : 400),
    );
  });

  it('refuses blobs not sealed to exactly both current keys', async () => {
    const stranger = identityKey();
    const wrong: [string, Blob][] = [
      [
        'partner only',
        (from, to) => ({
          ...sealedBlob(from, to),
          encryption_data: fakeV2(from.key.key_id, [to.key.key_id]),
        }),
      ],
      [
        'another key',
        (from, to) => ({
          ...sealedBlob(from, to),
          encryption_data: fakeV2(from.key.key_id, [stranger.key_id, from.key.key_id]),
        }),
      ],
      [
        'another sender',
        (from, to) => ({
          ...sealedBlob(from, to),
          encryption_data: fakeV2(stranger.key_id, [to.key.key_id, from.key.key_id]),
        }),
      ],
    ];
    for (const [name, make] of wrong) {
      await eachRoute(make, (answer, route) => {
        expect(answer.status, `${name}: ${route}`).toBe(409);
        expect(answer.body, `${name}: ${route}`).toMatchObject({ code: 'partner_key_changed' });
      });
    }
    // After a key change, a blob sealed to the old key is stale.
    const oldBob = bob.key;
    bob = { ...bob, key: await publishKey(server.url, bob.user) };
    await eachRoute(
      (from, to) =>
        sealedBlob(
          { ...from, key: from === bob ? oldBob : from.key },
          { ...to, key: to === bob ? oldBob : to.key },
        ),
      (answer, route) => expect(answer.body, route).toMatchObject({ code: 'partner_key_changed' }),
    );
    expect((await api.start(alice, bob)).status).toBe(201);
  });

  it('asks for a partner, and for the partner’s key', async () => {
    const [carol, dave] = await Promise.all([createUser(server.url), createUser(server.url)]);
    const carolKey = await publishKey(server.url, carol);
    const lone = { user: carol, key: carolKey };
    const ghost = { user: dave, key: identityKey() };
    expect((await api.start(lone, ghost)).body).toMatchObject({ code: 'no_connected_partner' });
    expect((await api.propose(lone, ghost)).body).toMatchObject({ code: 'no_connected_partner' });
    expect((await api.call<WishesState>(lone, 'GET', '/wishes')).body).toEqual({
      items: [],
      rounds: [],
      matches: null,
    });
    await pair(server.url, carol, dave);
    const noKey = await api.start(lone, ghost);
    expect(noKey.status).toBe(409);
    expect(noKey.body).toMatchObject({ code: 'encryption_upgrade_required' });
    expect((await api.propose(lone, ghost)).body).toMatchObject({
      code: 'encryption_upgrade_required',
    });
  });
});
