import type { WishesState } from '@couple/protocol';
import { customWishId } from '@couple/protocol/browser';
import type { EngineContext } from './engine-context.js';
import { openOwnMatches, type OpenKeys } from './engine-open.js';
import { startRoundIfChanged, stepRounds } from './engine-rounds.js';
import type { WishPreferences } from './preferences.js';
import { countUnfinishedRounds } from './unfinished-rounds.js';
import { matchingSet } from './wish-set.js';

/** The custom wishes still on the couple's list, as the ids devices match on. */
export function customIdsOf(state: WishesState): Set<string> {
  return new Set(state.items.map((item) => customWishId(item.id)));
}

/** The set this device matches with now, from its stored answers. */
export async function currentSetOf(
  ctx: EngineContext,
  state: WishesState,
  preferences: WishPreferences,
): Promise<string[]> {
  const held = await ctx.store.load(ctx.couple.selfId);
  return matchingSet(held.answers, preferences, customIdsOf(state));
}

function openKeysOf(ctx: EngineContext): OpenKeys {
  // Only the own keys are used to open one's own match list; no partner key is needed.
  return { couple: ctx.couple, identities: ctx.identities, trustedPartnerKeys: new Map() };
}

/**
 * Counts the rounds the partner's device left unfinished, then takes the next step of every open
 * round, with the person's previous matches for new_match.
 */
export async function runRoundSteps(
  ctx: EngineContext,
  state: WishesState,
  preferences: WishPreferences,
): Promise<void> {
  await countUnfinishedRounds(ctx, state);
  if (state.rounds.length === 0) return;
  const previous = await openOwnMatches(ctx.crypto, openKeysOf(ctx), state.matches).catch(
    (error: unknown) => {
      ctx.onError('wish_matches_open', error);
      return [];
    },
  );
  await stepRounds(ctx, state.rounds, await currentSetOf(ctx, state, preferences), previous);
}

/** Starts a round if the set changed since the last one (the caller debounces). */
export async function startRoundIfNeeded(
  ctx: EngineContext,
  state: WishesState,
  preferences: WishPreferences,
): Promise<void> {
  await startRoundIfChanged(ctx, await currentSetOf(ctx, state, preferences));
}

/**
 * Calls `run` once, `ms` after the last of several `schedule` calls: several taps make one
 * round (issue 29: a round runs whenever an answer changes).
 */
export function debouncer(ms: number, run: () => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    schedule() {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        run();
      }, ms);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
