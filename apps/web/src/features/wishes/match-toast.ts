import { TOAST_MS, WISH_TEXTS } from '@couple/protocol/browser';
import { i18n } from '../../lib/i18n.js';
import { readStorage, writeStorage } from '../../lib/storage.js';
import { toast } from '../../lib/toast.js';
import type { ExclusiveRun } from './engine-context.js';
import { SHOWN_MATCHES_KEPT, SHOWN_MATCHES_KEY } from './constants.js';

function shownRounds(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(SHOWN_MATCHES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * "You have a new match" once per round, however many tabs got wish_matched: the first tab to
 * take the round's lock marks it shown; the others skip. The toast never names the wish.
 */
export async function toastNewMatchOnce(
  roundId: string,
  exclusive: ExclusiveRun,
  open: () => void,
): Promise<void> {
  await exclusive(`wishes-toast:${roundId}`, () => {
    const shown = shownRounds();
    if (shown.includes(roundId)) return Promise.resolve();
    writeStorage(SHOWN_MATCHES_KEY, JSON.stringify([...shown, roundId].slice(-SHOWN_MATCHES_KEPT)));
    toast(i18n._(WISH_TEXTS.newMatchPush), {
      id: `wish-matched:${roundId}`,
      duration: TOAST_MS.newDesire,
      icon: '💞',
      action: { label: i18n._('View'), onClick: open },
    });
    return Promise.resolve();
  });
}
