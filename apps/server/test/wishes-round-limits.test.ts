import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, WISH_ROUNDS_PER_MINUTE } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { sealedBlob, wishApi, wishCouple } from './helpers/wishes.js';

/**
 * Wish rounds are limited per couple (docs/security.md, "What each side learns"): an initiator
 * learns the matches before it finishes, so a client that starts rounds only to probe is bounded,
 * and starting them from the partner's account does not add to the budget.
 */
describe.each(DRIVERS)('wish rounds are limited per couple (%s)', (driver) => {
  let server: TestServer;
  let api: ReturnType<typeof wishApi>;

  beforeAll(async () => {
    server = await startTestServer(driver);
    api = wishApi(server.url);
  });
  afterAll(() => server?.close());

  it('refuses the round over the minute’s budget from either partner, with retry-after', async () => {
    const [alice, bob] = await wishCouple(server.url);
    let last = { id: '', offer: sealedBlob(alice, bob) };
    // Half from each side: the budget is the couple's, not each person's.
    for (let started = 0; started < WISH_ROUNDS_PER_MINUTE; started += 1) {
      const [from, to] = started % 2 === 0 ? [alice, bob] : [bob, alice];
      last = { id: randomUUID(), offer: sealedBlob(from, to) };
      const answer = await api.call(from, 'POST', '/wishes/rounds', last);
      expect(answer.status, `round ${started + 1}`).toBe(201);
    }
    for (const [from, to] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      const refused = await api.start(from, to);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error: ERRORS.wish_rounds_limited.text,
        code: 'wish_rounds_limited',
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // A refused round is not stored: the last one made is still the couple's open round.
    expect((await api.state(alice)).body.rounds).toEqual([
      expect.objectContaining({ id: last.id }),
    ]);
    // A retry of a round already made costs nothing and still answers.
    expect((await api.call(bob, 'POST', '/wishes/rounds', last)).status).toBe(201);
    // Another couple has its own budget.
    const [carol, dan] = await wishCouple(server.url);
    expect((await api.start(carol, dan)).status).toBe(201);
  });
});
