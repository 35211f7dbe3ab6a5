import type { WishRound } from '@couple/protocol';

/** What this device remembers of a round it took part in (device-store.ts). */
export interface RoundRecord {
  roundId: string;
  role: 'initiator' | 'responder';
  /** The set this device's offer or reply was made with: its finish or completion needs it. */
  items: string[];
  step: 'started' | 'replied' | 'finished' | 'completed';
  /** When this device's own reply reached the server (ms): only those rounds are counted. */
  repliedAt?: number;
  /** Counted among the unfinished rounds (unfinished-rounds.ts) for now. */
  unfinished?: true;
  /** Nothing more to count: its finish was seen, or it ended. */
  settled?: true;
}

export type RoundStep = 'reply' | 'finish' | 'complete';

/**
 * The one step this device takes next in an open round, or null (docs/security.md, "Private
 * wish matching"):
 * - the responder replies to an offer, with its current set;
 * - the initiator finishes once the reply is there;
 * - the responder completes once the finish is there.
 * A device with no answers here (a new device) takes none, so it never matches an empty list in
 * the person's name. The round scalar derives from the account's key, so another device of the
 * same person may take a step this one did not start; the device that did uses its record (the
 * set it started or replied with), and never takes a step twice.
 * A round id this device holds any record of is never replied to: a round deleted and made
 * again under the same id would otherwise get a second reply under the same scalar, with
 * whatever the set is by then (docs/decisions.md, "A round id is used once").
 */
export function nextRoundStep(
  round: WishRound,
  selfId: string,
  record: RoundRecord | undefined,
  answersHere: boolean,
): RoundStep | null {
  const mayStep = (role: RoundRecord['role'], after: RoundRecord['step']) =>
    record ? record.role === role && record.step === after : answersHere;
  if (round.responder_id === selfId) {
    if (round.reply === null) return answersHere && !record ? 'reply' : null;
    return round.finish !== null && mayStep('responder', 'replied') ? 'complete' : null;
  }
  if (round.initiator_id !== selfId) return null;
  return round.reply !== null && round.finish === null && mayStep('initiator', 'started')
    ? 'finish'
    : null;
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
