import type { WishRound } from '@couple/protocol';

/** What this device remembers of a round it took part in (device-store.ts). */
export interface RoundRecord {
  roundId: string;
  role: 'initiator' | 'responder';
  /** The set this device's offer or reply was made with: its finish or completion needs it. */
  items: string[];
  step: 'started' | 'replied' | 'finished' | 'completed';
}

export type RoundStep = 'reply' | 'finish' | 'complete';

/**
 * The one step this device takes next in an open round, or null (docs/security.md, "Private
 * wish matching"):
 * - the responder replies to an offer, with its current set; a device with no answers here (a new
 *   device) does not, so it never matches an empty list in the person's name;
 * - the initiator's device that started it finishes once the reply is there;
 * - the responder's device that replied completes once the finish is there.
 * A step another device of the same person took leaves no record here: this device skips it.
 */
export function nextRoundStep(
  round: WishRound,
  selfId: string,
  record: RoundRecord | undefined,
  answersHere: boolean,
): RoundStep | null {
  if (round.responder_id === selfId) {
    if (round.reply === null) return answersHere ? 'reply' : null;
    if (round.finish !== null && record?.role === 'responder' && record.step === 'replied') {
      return 'complete';
    }
    return null;
  }
  if (round.initiator_id !== selfId) return null;
  if (round.reply !== null && round.finish === null) {
    return record?.role === 'initiator' && record.step === 'started' ? 'finish' : null;
  }
  return null;
}

/** An own round still waits for the partner's device to reply. */
export function waitsForPartner(rounds: readonly WishRound[], selfId: string): boolean {
  return rounds.some((round) => round.initiator_id === selfId && round.reply === null);
}

/** The round found a match the person's previous list did not hold: the server may push. */
export function hasNewMatch(matches: readonly string[], previous: readonly string[]): boolean {
  const known = new Set(previous);
  return matches.some((id) => !known.has(id));
}
