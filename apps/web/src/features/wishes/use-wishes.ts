import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WISH_CATALOG, customWishId, type WishTier } from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';
import { useI18n } from '../../lib/i18n.js';
import { wishesApi } from './api.js';
import { emptyDeviceWishes, withAnswer, type DeviceWishes } from './device-store.js';
import type { EngineContext } from './engine-context.js';
import type { OpenedWish } from './engine-open.js';
import { proposeWish } from './propose.js';
import { useWishPreferences } from './preferences.js';
import { wishesKeys } from './queries.js';
import { waitsForPartner } from './round-step.js';
import { useWishEngine, wishStore } from './use-engine-context.js';
import { useDeviceWishes, useOpenedWishes } from './use-wishes-data.js';
import type { WishAnswers } from './wish-set.js';
import type { WishAnswer, WishEntry, WishesStatus } from './types.js';

const NO_ANSWERS: WishAnswers = {};

export type { WishAnswer, WishEntry, WishesStatus } from './types.js';

export interface WishesView {
  status: WishesStatus;
  /** Catalog (translated) and custom (opened) wishes, hidden tiers left out. */
  entries: WishEntry[];
  /** The current mutual matches, from this person's stored match list. */
  matches: WishEntry[];
  /** A round this device started waits for the partner's device. */
  waitingForPartner: boolean;
  /**
   * This device holds answers. A new device (just linked) has none: it runs no round until the
   * person answers here, so it never replaces the matches with those of an empty list.
   */
  answersHere: boolean;
  /** Rounds this device replied to that the partner's device never finished (unfinished-rounds.ts). */
  unfinishedRounds: number;
  /** null clears the answer. Saved at once; a round follows (debounced). */
  answer(id: string, answer: WishAnswer | null): void;
  /** Proposes a custom wish, sealed to both partners. */
  propose(text: string): Promise<void>;
  /** Withdraws one of this person's custom wishes. */
  withdraw(id: string): Promise<void>;
}

/** The entries the screen lists: the catalog's visible tiers, then the custom wishes. */
export function wishEntries(
  answers: WishAnswers,
  hiddenTiers: readonly WishTier[],
  custom: readonly OpenedWish[],
  translate: (text: string) => string,
): WishEntry[] {
  const hidden = new Set(hiddenTiers);
  const catalog = WISH_CATALOG.filter((wish) => !hidden.has(wish.tier)).map((wish): WishEntry => ({
    id: wish.id,
    text: translate(wish.text),
    tier: wish.tier,
    proposedByMe: false,
    answer: answers[wish.id] ?? null,
  }));
  const own = custom.map((wish): WishEntry => ({
    id: wish.id,
    text: wish.text,
    tier: 'custom',
    proposedByMe: wish.proposedByMe,
    answer: answers[wish.id] ?? null,
  }));
  return [...catalog, ...own];
}

/** The stored matches the screen can show: a hidden tier or a withdrawn wish is left out. */
export function matchEntries(matches: readonly string[], entries: readonly WishEntry[]) {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return matches.flatMap((id) => byId.get(id) ?? []);
}

/** Answering, proposing and withdrawing; each keeps the queries the screen reads in step. */
function useWishActions(
  userId: string | undefined,
  ctx: EngineContext | null,
  custom: readonly OpenedWish[] | undefined,
) {
  const i18n = useI18n();
  const queryClient = useQueryClient();

  const answer = useCallback(
    (id: string, choice: WishAnswer | null) => {
      if (!userId) return;
      queryClient.setQueryData(wishesKeys.device(userId), (current: DeviceWishes | undefined) =>
        withAnswer(current ?? emptyDeviceWishes(userId), id, choice),
      );
      void wishStore
        .update(userId, (current) => withAnswer(current, id, choice))
        .catch((error: unknown) => logClientError('wish_answer', error));
    },
    [userId, queryClient],
  );

  const propose = useCallback(
    async (text: string) => {
      if (!ctx) throw new Error(i18n._('Wishes are not ready on this device yet'));
      const id = await proposeWish(ctx, text);
      // Whoever proposes a wish wants it: a yes here, which they can still change.
      answer(customWishId(id), 'yes');
      await queryClient.invalidateQueries({ queryKey: wishesKeys.state() });
    },
    [ctx, answer, queryClient, i18n],
  );

  const withdraw = useCallback(
    async (id: string) => {
      const wish = custom?.find((held) => held.id === id && held.proposedByMe);
      if (!wish) return;
      await wishesApi.withdrawWish(wish.serverId);
      answer(id, null);
      await queryClient.invalidateQueries({ queryKey: wishesKeys.state() });
    },
    [custom, answer, queryClient],
  );

  return { answer, propose, withdraw };
}

/** The Wishes screen's data and actions (issue 29); the rounds themselves run in useWishRounds. */
export function useWishes(): WishesView {
  // Re-renders on a change of language: the catalog's texts follow.
  const i18n = useI18n();
  const engine = useWishEngine();
  const { hiddenTiers } = useWishPreferences();
  const { userId, ctx, state } = engine;
  const device = useDeviceWishes(userId).data;
  const answers = device?.answers ?? NO_ANSWERS;
  const opened = useOpenedWishes(engine).data;

  const entries = wishEntries(answers, hiddenTiers, opened?.custom ?? [], (text) => i18n._(text));
  const matches = matchEntries(opened?.matches ?? [], entries);
  const actions = useWishActions(userId, ctx, opened?.custom);

  return {
    status: engine.status,
    entries,
    matches,
    waitingForPartner:
      userId !== undefined && state !== undefined && waitsForPartner(state.rounds, userId),
    answersHere: device?.answeredHere ?? false,
    unfinishedRounds: device?.unfinishedRounds ?? 0,
    ...actions,
  };
}
