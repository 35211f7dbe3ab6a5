import { vi } from 'vitest';
import { WISH_CATALOG, createIdentity, type Identity } from '@couple/protocol/browser';
import { wishCrypto } from './crypto-impl.js';
import { memoryWishStore, withAnswer } from './device-store.js';
import type { EngineContext } from './engine-context.js';
import { openOwnMatches } from './engine-open.js';
import { runRoundSteps, startRoundIfNeeded } from './engine.js';
import { FakeWishesServer } from './fake-server.test-support.js';
import type { WishPreferences } from './preferences.js';
import type { WishAnswer } from './types.js';

/* Two devices of a couple, each with its engine, matching through the fake server (tests). */

export const ids = WISH_CATALOG.filter((wish) => wish.tier === 'tender').map((wish) => wish.id);
const ALICE = 'a1a1a1a1-0000-4000-8000-000000000001';
export const BOB = 'b0b0b0b0-0000-4000-8000-000000000002';

export interface Device {
  ctx: EngineContext;
  preferences: WishPreferences;
  errors: unknown[];
}

export function device(
  server: FakeWishesServer,
  self: string,
  identity: Identity,
  partner: Identity,
): Device {
  const errors: unknown[] = [];
  const ctx: EngineContext = {
    couple: { selfId: self, partnerId: self === ALICE ? BOB : ALICE },
    identity,
    identities: [identity],
    partnerKey: { keyId: partner.keyId, publicKey: partner.publicKey },
    store: memoryWishStore(),
    api: server.apiFor(self),
    crypto: wishCrypto,
    exclusive: (_name, run) => run(),
    newId: () => crypto.randomUUID(),
    onPartnerKeyChanged: vi.fn(),
    onError: (_context, error) => errors.push(error),
  };
  return {
    ctx,
    preferences: { hiddenTiers: ['spicy'], maybeCountsAsYes: false, changedAt: 0 },
    errors,
  };
}

export async function answer(
  of: Device,
  answers: Record<string, WishAnswer | null>,
): Promise<void> {
  for (const [id, choice] of Object.entries(answers)) {
    await of.ctx.store.update(of.ctx.couple.selfId, (held) => withAnswer(held, id, choice));
  }
}

/** What use-wish-rounds does after a fetch: the open rounds' steps, then a start if needed. */
export async function sync(of: Device): Promise<void> {
  const state = await of.ctx.api.getWishes();
  await runRoundSteps(of.ctx, state, of.preferences);
  await startRoundIfNeeded(of.ctx, await of.ctx.api.getWishes(), of.preferences);
}

export async function matchesOf(of: Device): Promise<string[]> {
  const { couple, identities } = of.ctx;
  const state = await of.ctx.api.getWishes();
  const keys = { couple, identities, trustedPartnerKeys: new Map() };
  return openOwnMatches(of.ctx.crypto, keys, state.matches);
}

export async function couple() {
  const [alice, bob] = await Promise.all([createIdentity(), createIdentity()]);
  const server = new FakeWishesServer([ALICE, BOB]);
  return {
    server,
    alice: device(server, ALICE, alice, bob),
    bob: device(server, BOB, bob, alice),
    keys: { alice, bob },
  };
}
