import { NOTE_MAX, SCORE_MAX, SCORE_MIN } from '@couple/protocol/browser';

/*
 * A tapped match opens the Send desire screen (/) with this in the route's state: the tier's
 * intensity and a note that carries the wish. The note is sealed and sent like any note; the
 * "✨ " in front is its only mark (docs/decisions.md, "Wishes"). Route state rather than a
 * query: the wish's text never lands in the address bar, the history's URLs or a server log.
 */
export const WISH_NOTE_MARK = '✨ ';

export interface DesireFromWish {
  wishNote: string;
  intensity: number;
}

export function desireFromWish(text: string, intensity: number): DesireFromWish {
  return { wishNote: (WISH_NOTE_MARK + text).slice(0, NOTE_MAX), intensity };
}

/** The route state as DesirePage gets it: anything else (a reload, another link) is null. */
export function readDesireFromWish(state: unknown): DesireFromWish | null {
  if (typeof state !== 'object' || state === null) return null;
  const { wishNote, intensity } = state as Partial<Record<keyof DesireFromWish, unknown>>;
  if (typeof wishNote !== 'string' || typeof intensity !== 'number') return null;
  if (!Number.isInteger(intensity) || intensity < SCORE_MIN || intensity > SCORE_MAX) return null;
  return { wishNote: wishNote.slice(0, NOTE_MAX), intensity };
}
