import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeWishRound,
  createIdentity,
  E2eError,
  finishWishRound,
  openWishItem,
  openWishMatches,
  replyToWishRound,
  sealWishBackup,
  sealWishItem,
  sealWishMatches,
  startWishRound,
  type Identity,
  type SealedWishBlob,
  type WishBackup,
  type WishesState,
  type WishRoundBase,
} from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, pair, type TestUser } from './helpers/api.js';
import { publishIdentities } from './helpers/keys.js';
import { wishApi } from './helpers/wishes.js';

type Answer = 'yes' | 'maybe' | 'no';

/** A slice of a catalog, each item answered by both; the matches are the mutual yeses. */
const CATALOG = Array.from({ length: 24 }, (_, index) => `c:tender-${index}-hold-hands`);
const ANSWERS: Record<'alice' | 'bob', Answer[]> = {
  alice: CATALOG.map((_, i) => (['yes', 'maybe', 'no', 'yes', 'no', 'yes'] as const)[i % 6]!),
  bob: CATALOG.map((_, i) => (['yes', 'maybe', 'yes', 'no'] as const)[i % 4]!),
};
const CUSTOM_TEXT = 'Breakfast in bed, then back to sleep';

/** Alice counts a maybe as a yes; Bob does not (the per-person rule). */
function roundItems(answers: Answer[], maybeIsYes: boolean, extra: string[] = []): string[] {
  const said = CATALOG.filter(
    (_, i) => answers[i] === 'yes' || (maybeIsYes && answers[i] === 'maybe'),
  );
  return [...said, ...extra];
}

interface Device {
  user: TestUser;
  identity: Identity;
  partner: () => Device;
}

/** Plays the server with everything it holds: every row of every table, and its log. */
async function dumpOf(server: TestServer, log: string[]): Promise<string> {
  const { rows: tables } = await server.database.db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  const all: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    all[name] = (await server.database.db.query(`SELECT * FROM public."${name}"`)).rows;
  }
  return JSON.stringify(all) + log.join('\n');
}

describe.each(DRIVERS)('the server learns nothing of wishes (%s)', (driver) => {
  let server: TestServer;
  let api: ReturnType<typeof wishApi>;
  const log: string[] = [];
  let alice: Device;
  let bob: Device;
  const seen: { kind: string; round: number; blob: SealedWishBlob }[] = [];
  const results: { initiator: string[]; responder: string[] }[] = [];
  /** The set size each side brought to each round. */
  const sizes: number[][] = [];
  let customId = '';
  let dump = '';

  const base = (me: Device, roundId: string): WishRoundBase => ({
    roundId,
    couple: { selfId: me.user.id, partnerId: me.partner().user.id },
    identity: me.identity,
    partnerPublicKey: me.partner().identity.publicKey,
  });
  const state = async (me: Device) => (await api.call<WishesState>(me.user, 'GET', '/wishes')).body;

  /** One whole round through the HTTP API, each device reading what it needs from the server. */
  async function round(initiator: Device, items: Map<Device, string[]>, index: number) {
    const responder = initiator.partner();
    const id = randomUUID();
    sizes.push([items.get(initiator)!.length, items.get(responder)!.length]);
    const offer = await startWishRound({ ...base(initiator, id), items: items.get(initiator)! });
    expect((await api.call(initiator.user, 'POST', '/wishes/rounds', { id, offer })).status).toBe(
      201,
    );
    const waiting = (await state(responder)).rounds[0]!;
    const reply = await replyToWishRound({
      ...base(responder, id),
      offer: waiting.offer as SealedWishBlob,
      items: items.get(responder)!,
    });
    await api.call(responder.user, 'PUT', `/wishes/rounds/${id}/reply`, { reply });
    const replied = (await state(initiator)).rounds[0]!;
    const finished = await finishWishRound({
      ...base(initiator, id),
      offer: replied.offer as SealedWishBlob,
      reply: replied.reply as SealedWishBlob,
      items: items.get(initiator)!,
    });
    const seal = (me: Device, matches: string[]) => sealWishMatches({ ...base(me, id), matches });
    const initiatorList = await seal(initiator, finished.matches);
    const finishAnswer = await api.call(initiator.user, 'PUT', `/wishes/rounds/${id}/finish`, {
      finish: finished.finish,
      matches: initiatorList,
      new_match: finished.matches.length > 0,
    });
    expect(finishAnswer.status).toBe(200);
    const done = (await state(responder)).rounds[0]!;
    const completed = await completeWishRound({
      ...base(responder, id),
      offer: done.offer as SealedWishBlob,
      reply: done.reply as SealedWishBlob,
      finish: done.finish as SealedWishBlob,
      items: items.get(responder)!,
    });
    const responderList = await seal(responder, completed.matches);
    await api.call(responder.user, 'PUT', `/wishes/rounds/${id}/complete`, {
      matches: responderList,
    });
    for (const [kind, blob] of Object.entries({
      offer,
      reply,
      finish: finished.finish,
      matches: initiatorList,
    })) {
      seen.push({ kind, round: index, blob });
    }
    results.push({ initiator: finished.matches, responder: completed.matches });
  }

  beforeAll(async () => {
    server = await startTestServer(driver, {
      env: { LOG_LEVEL: 'trace' },
      logger: { level: 'trace', stream: { write: (line: string) => log.push(line) } },
    });
    api = wishApi(server.url);
    const [aliceUser, bobUser] = await Promise.all([
      createUser(server.url),
      createUser(server.url),
    ]);
    const [aliceIdentity, bobIdentity] = await Promise.all([createIdentity(), createIdentity()]);
    await pair(server.url, aliceUser, bobUser);
    await publishIdentities(server.url, [
      [aliceUser, aliceIdentity],
      [bobUser, bobIdentity],
    ]);
    alice = { user: aliceUser, identity: aliceIdentity, partner: () => bob };
    bob = { user: bobUser, identity: bobIdentity, partner: () => alice };

    // Bob proposes a wish of his own; both answer it yes in the second round.
    customId = randomUUID();
    const text = await sealWishItem({
      itemId: `u:${customId}`,
      couple: { selfId: bob.user.id, partnerId: alice.user.id },
      identity: bob.identity,
      partnerPublicKey: alice.identity.publicKey,
      text: CUSTOM_TEXT,
    });
    expect((await api.call(bob.user, 'POST', '/wishes/items', { id: customId, text })).status).toBe(
      201,
    );
    const custom = [`u:${customId}`];
    await round(
      alice,
      new Map([
        [alice, roundItems(ANSWERS.alice, true)],
        [bob, roundItems(ANSWERS.bob, false)],
      ]),
      0,
    );
    // Answers changed (fewer yeses on one side, the custom wish on both): a second round.
    await round(
      bob,
      new Map([
        [bob, roundItems(ANSWERS.bob, false, custom).slice(4)],
        [alice, roundItems(ANSWERS.alice, false, custom)],
      ]),
      1,
    );
    // Each backs up their answers, Alice every one of them and Bob a few, sealed to their own key.
    for (const [who, answers] of [
      [alice, ANSWERS.alice],
      [bob, ANSWERS.bob.slice(0, 3)],
    ] as const) {
      const snapshot = {
        answers: Object.fromEntries(
          answers.map((answer, i) => [CATALOG[i]!, { answer, at: Date.now() }]),
        ),
        settings: { hiddenTiers: [], maybeCountsAsYes: who === alice, at: Date.now() },
      };
      const sealed = await sealWishBackup({
        userId: who.user.id,
        identity: who.identity,
        snapshot,
      });
      const body = { ...sealed, expected_version: 0 };
      expect((await api.putBackup(who.user, body)).status).toBe(200);
    }
    dump = await dumpOf(server, log);
  }, 120_000);
  afterAll(() => server?.close());

  it('runs rounds through the API in which both devices find the same mutual yeses', async () => {
    const mutual = (a: string[], b: string[]) => a.filter((item) => b.includes(item)).sort();
    expect(results[0]!.initiator).toEqual(
      mutual(roundItems(ANSWERS.alice, true), roundItems(ANSWERS.bob, false)),
    );
    expect(results[1]!.initiator).toContain(`u:${customId}`);
    for (const result of results) expect(result.initiator).toEqual(result.responder);
    // Each device's list, read back from the server, opens to the same matches on the device.
    const own = (await state(alice)).matches!;
    const opened = await openWishMatches({
      couple: { selfId: alice.user.id, partnerId: bob.user.id },
      identity: alice.identity,
      senderPublicKey: alice.identity.publicKey,
      sealed: own.matches as SealedWishBlob,
    });
    expect(opened.matches).toEqual(results[1]!.responder);
    const item = (await state(alice)).items[0]!;
    const read = await openWishItem({
      itemId: `u:${item.id}`,
      proposerId: item.proposer_id,
      couple: { selfId: alice.user.id, partnerId: bob.user.id },
      identity: alice.identity,
      senderPublicKey: bob.identity.publicKey,
      sealed: item.text as SealedWishBlob,
    });
    expect(read).toBe(CUSTOM_TEXT);
  });

  it('finds no item id, no custom wish text and no answer in its whole dump and log', () => {
    expect(dump).toContain(alice.user.id);
    for (const itemId of [...CATALOG, `u:${customId}`]) expect(dump).not.toContain(itemId);
    for (const fragment of ['tender', 'hold-hands']) expect(dump).not.toContain(fragment);
    expect(dump).not.toContain(CUSTOM_TEXT);
    expect(dump).not.toContain('Breakfast');
    for (const answer of ['"yes"', '"maybe"', '"no"', 'maybe_is_yes']) {
      expect(dump).not.toContain(answer);
    }
  });

  it('sees the same length for each kind of blob, whatever the set sizes', async () => {
    expect(sizes[0]![0]).not.toBe(sizes[1]![0]);
    expect(sizes[0]![1]).not.toBe(sizes[1]![1]);
    for (const kind of ['offer', 'reply', 'finish', 'matches']) {
      const lengths = seen.filter((entry) => entry.kind === kind).map((e) => e.blob.content.length);
      expect(lengths, kind).toHaveLength(2);
      expect(new Set(lengths).size, kind).toBe(1);
    }
    expect(results[0]!.initiator.length).not.toBe(results[1]!.initiator.length);
    const backups = await Promise.all(
      [alice, bob].map(async (who) => {
        const answer = await api.call<{ backup: WishBackup }>(who.user, 'GET', '/wishes/backup');
        return answer.body.backup.content.length;
      }),
    );
    expect(new Set(backups).size).toBe(1);
  });

  it('cannot open a match list or a round message without a private key', async () => {
    const { matches } = (await state(bob)).matches!;
    const serverKey = await createIdentity();
    await expect(
      openWishMatches({
        couple: { selfId: bob.user.id, partnerId: alice.user.id },
        identity: serverKey,
        senderPublicKey: bob.identity.publicKey,
        sealed: matches as SealedWishBlob,
      }),
    ).rejects.toBeInstanceOf(E2eError);
    const offer = seen.find((entry) => entry.kind === 'offer')!.blob;
    const asServer: WishRoundBase = {
      roundId: randomUUID(),
      couple: { selfId: bob.user.id, partnerId: alice.user.id },
      identity: serverKey,
      partnerPublicKey: alice.identity.publicKey,
    };
    await expect(replyToWishRound({ ...asServer, offer, items: CATALOG })).rejects.toBeInstanceOf(
      E2eError,
    );
    // Nor with the partner's public key standing in for a private one.
    await expect(
      openWishMatches({
        couple: { selfId: bob.user.id, partnerId: alice.user.id },
        identity: { ...serverKey, publicKey: alice.identity.publicKey },
        senderPublicKey: bob.identity.publicKey,
        sealed: matches as SealedWishBlob,
      }),
    ).rejects.toBeInstanceOf(E2eError);
  });
});
