import type { WishRound, WishesState } from '@couple/protocol';
import type { SealedWishBlob } from '@couple/protocol/browser';
import { ApiError } from '../../lib/api-errors.js';
import type { WishesApi } from './engine-context.js';

/**
 * The wishes routes as the server keeps them, in memory, for the engine's tests: it stores and
 * relays sealed blobs, and records every body it received (the test checks no answer is there).
 */
export class FakeWishesServer {
  rounds = new Map<string, WishRound>();
  matches = new Map<string, { round_id: string; matches: SealedWishBlob; updated_at: string }>();
  items: WishesState['items'] = [];
  received: unknown[] = [];
  newMatchPushes = 0;

  constructor(readonly couple: readonly [string, string]) {}

  private partnerOf(userId: string): string {
    return this.couple[0] === userId ? this.couple[1] : this.couple[0];
  }

  private open(id: string): WishRound {
    const round = this.rounds.get(id);
    if (!round) throw new ApiError(404, 'gone', 'wish_round_not_found');
    return round;
  }

  private outOfOrder(): never {
    throw new ApiError(409, 'moved on', 'wish_round_out_of_order');
  }

  private storeMatches(userId: string, roundId: string, matches: SealedWishBlob): void {
    this.matches.set(userId, { round_id: roundId, matches, updated_at: new Date().toISOString() });
  }

  apiFor(userId: string): WishesApi {
    const note = (body: unknown) => {
      this.received.push(body);
    };
    return {
      getWishes: () =>
        Promise.resolve(
          structuredClone({
            items: this.items,
            rounds: [...this.rounds.values()].filter(
              (round) => round.initiator_id === userId || round.responder_id === userId,
            ),
            matches: this.matches.get(userId) ?? null,
          }),
        ),
      proposeWish: (body) => {
        note(body);
        const item = {
          id: body.id,
          proposer_id: userId,
          text: body.text,
          created_at: new Date().toISOString(),
        };
        this.items.push(item);
        return Promise.resolve(item);
      },
      withdrawWish: (id) => {
        this.items = this.items.filter((item) => item.id !== id);
        return Promise.resolve();
      },
      startWishRound: (body) => {
        note(body);
        // A newer round of the couple supersedes every open one.
        this.rounds.clear();
        const now = new Date().toISOString();
        const round: WishRound = {
          id: body.id,
          initiator_id: userId,
          responder_id: this.partnerOf(userId),
          offer: body.offer,
          reply: null,
          finish: null,
          created_at: now,
          updated_at: now,
        };
        this.rounds.set(round.id, round);
        return Promise.resolve(round);
      },
      replyWishRound: (id, body) => {
        note(body);
        const round = this.open(id);
        if (round.responder_id !== userId || round.reply) this.outOfOrder();
        round.reply = body.reply;
        return Promise.resolve(round);
      },
      finishWishRound: (id, body) => {
        note(body);
        const round = this.open(id);
        if (round.initiator_id !== userId || !round.reply || round.finish) this.outOfOrder();
        round.finish = body.finish;
        this.storeMatches(userId, id, body.matches);
        if (body.new_match) this.newMatchPushes += 1;
        return Promise.resolve(round);
      },
      completeWishRound: (id, body) => {
        note(body);
        const round = this.open(id);
        if (round.responder_id !== userId || !round.finish) this.outOfOrder();
        this.storeMatches(userId, id, body.matches);
        this.rounds.delete(id);
        return Promise.resolve();
      },
    };
  }
}
