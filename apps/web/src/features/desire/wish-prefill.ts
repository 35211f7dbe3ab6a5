import { NOTE_MAX, SCORE_MAX, SCORE_MIN } from '@couple/protocol/browser';
import type { DesireFromWish } from '../wishes/desire-from-wish.js';

/**
 * A tapped wish match's route state as this screen gets it (features/wishes/desire-from-wish.ts
 * builds it); anything else (a reload, another link) is null. Only a type crosses from the
 * Wishes screen, so neither screen's chunk pulls in the other's code.
 */
export function readDesireFromWish(state: unknown): DesireFromWish | null {
  if (typeof state !== 'object' || state === null) return null;
  const { wishNote, intensity } = state as Partial<Record<keyof DesireFromWish, unknown>>;
  if (typeof wishNote !== 'string' || typeof intensity !== 'number') return null;
  if (!Number.isInteger(intensity) || intensity < SCORE_MIN || intensity > SCORE_MAX) return null;
  return { wishNote: wishNote.slice(0, NOTE_MAX), intensity };
}
