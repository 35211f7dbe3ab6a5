import { NOTE_MAX } from '@couple/protocol/browser';

/*
 * A tapped match opens the Send desire screen (/) with this in the route's state: the tier's
 * intensity and a note that carries the wish. The note is sealed and sent like any note; the
 * "✨ " in front is its only mark (docs/decisions.md, "Wishes"). Route state rather than a
 * query: the wish's text never lands in the address bar, the history's URLs or a server log.
 * Send desire reads it with features/desire/wish-prefill.ts.
 */
export const WISH_NOTE_MARK = '✨ ';

export interface DesireFromWish {
  wishNote: string;
  intensity: number;
}

export function desireFromWish(text: string, intensity: number): DesireFromWish {
  return { wishNote: (WISH_NOTE_MARK + text).slice(0, NOTE_MAX), intensity };
}
