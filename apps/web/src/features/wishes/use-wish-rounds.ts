import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SERVER_EVENTS } from '@couple/protocol/browser';
import { onLive, subscribeLiveState, getLiveState } from '../../lib/live.js';
import { subscribeDeviceWishes } from './device-store.js';
import { debouncer, runRoundSteps, startRoundIfNeeded } from './engine.js';
import { webLockExclusive } from './engine-context.js';
import { ROUTES } from '../../lib/routes.js';
import { WISH_ROUND_DEBOUNCE_MS } from './constants.js';
import { toastNewMatchOnce } from './match-toast.js';
import { readWishPreferences, subscribeWishPreferences } from './preferences.js';
import { wishesKeys } from './queries.js';
import { countUnfinishedRounds } from './unfinished-rounds.js';
import { useWishEngine, type WishEngine } from './use-engine-context.js';
import { useWishBackup } from './use-wish-backup.js';

/** How often an open page looks again for a finish that is overdue. */
const UNFINISHED_CHECK_MS = 60_000;

/** Live events: a changed list refetches; a new match is told once, never naming the wish. */
function useWishesLive(enabled: boolean): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: wishesKeys.state() });
    const stops = [
      onLive(SERVER_EVENTS.wishesChanged, refetch),
      onLive(SERVER_EVENTS.wishMatched, ({ round_id }) => {
        refetch();
        void toastNewMatchOnce(round_id, webLockExclusive, () => void navigate(ROUTES.wishes));
      }),
      // Events missed while disconnected: read the list again on reconnect.
      subscribeLiveState(() => {
        if (getLiveState() === 'connected') refetch();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [enabled, queryClient, navigate]);
}

/**
 * Runs the couple's matching rounds in the background, on every screen (mounted once in
 * app/SignedInSync.tsx): takes each open round's next step when the list changes, and starts a
 * round (debounced) when this device's set changes: an answer, a setting, a withdrawn wish.
 * Nothing runs while the partner's current key is not trusted on this device. The person's
 * answers follow them across their devices beside it (use-wish-backup.ts).
 */
export function useWishRounds(): void {
  useWishBackup();
  const engine = useWishEngine();
  useWishesLive(engine.userId !== undefined && engine.status !== 'no-partner');
  const latest = useRef<WishEngine>(engine);
  useEffect(() => {
    latest.current = engine;
  }, [engine]);

  const { ctx, state } = engine;
  useEffect(() => {
    if (!ctx || !state) return;
    void runRoundSteps(ctx, state, readWishPreferences(ctx.couple.selfId)).catch((error: unknown) =>
      ctx.onError('wish_rounds', error),
    );
  }, [ctx, state]);

  // A finish overdue is counted even while nothing else changes (unfinished-rounds.ts).
  useEffect(() => {
    if (!ctx || !state) return;
    const timer = setInterval(() => {
      void countUnfinishedRounds(ctx, state).catch((error: unknown) =>
        ctx.onError('wish_unfinished_rounds', error),
      );
    }, UNFINISHED_CHECK_MS);
    return () => clearInterval(timer);
  }, [ctx, state]);

  const [start] = useState(() =>
    debouncer(WISH_ROUND_DEBOUNCE_MS, () => {
      const { ctx: now, state: known } = latest.current;
      if (!now || !known) return;
      void startRoundIfNeeded(now, known, readWishPreferences(now.couple.selfId)).catch(
        (error: unknown) => now.onError('wish_round_start', error),
      );
    }),
  );
  const ready = ctx !== null && state !== undefined;
  useEffect(() => {
    if (!ready) return;
    const stops = [subscribeDeviceWishes(start.schedule), subscribeWishPreferences(start.schedule)];
    return () => {
      start.cancel();
      stops.forEach((stop) => stop());
    };
  }, [ready, start]);

  // On load, and when the list changes (a withdrawn custom wish leaves the set), check the set.
  const items = state?.items;
  useEffect(() => {
    if (ready) start.schedule();
  }, [ready, items, start]);
}
