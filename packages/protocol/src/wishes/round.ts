/**
 * One round of private wish matching between A (who starts) and B:
 *   offer  A → B: sorted H(x)^a for A's items
 *   reply  B → A: the offer raised to b (same order), and sorted H(y)^b for B's items
 *   finish A → B: B's points raised to a (same order)
 * Both learn the items in both sets and the other's set size. docs/security.md, "Private wish
 * matching". Scalars are derived from the identity entropy at each step, so any linked device of
 * a person can take the next step, and each side maps positions back to items by recomputing its
 * own points for its current items (an item dropped since simply no longer matches).
 */
import type { Identity } from '../e2e/identity.js';
import { E2eError } from '../e2e/suite.js';
import { contentDigest, type SealedWishBlob } from './envelope.js';
import {
  blindWishItems,
  deriveWishScalar,
  normalizeWishItems,
  pointKey,
  raiseWishPoints,
  wishDst,
  type WishCouple,
} from './psi.js';
import {
  openRoundMessage,
  sealRoundMessage,
  type DecodedArray,
  type RoundMessageKind,
} from './round-messages.js';

export interface WishRoundBase {
  roundId: string;
  couple: WishCouple;
  /** This device's identity; its entropy derives the round scalar. */
  identity: Identity;
  partnerPublicKey: string;
}

export interface WishRoundResult {
  /** The items both said yes to, sorted. */
  matches: string[];
  /** How many items the partner brought to the round. */
  partnerSetSize: number;
}

interface Prepared {
  items: string[];
  scalar: bigint;
  dst: string;
}

async function prepare(input: WishRoundBase, items: readonly string[]): Promise<Prepared> {
  const unique = normalizeWishItems(items);
  const dst = wishDst(input.couple, input.roundId);
  const scalar = await deriveWishScalar(input.identity.entropy, input.couple, input.roundId);
  return { items: unique, scalar, dst };
}

/**
 * The items among `items` whose own point (recomputed now) sits at a position of `own` whose
 * doubly raised counterpart is in `doubled`: the mutual items, sorted.
 */
function matchesOf(
  prepared: Prepared,
  own: DecodedArray,
  counterpart: readonly Uint8Array[],
  doubled: ReadonlySet<string>,
): string[] {
  const position = new Map(own.encoded.map((bytes, index) => [pointKey(bytes), index]));
  const matches: string[] = [];
  for (const { itemId, encoded } of blindWishItems(prepared.items, prepared.scalar, prepared.dst)) {
    const index = position.get(pointKey(encoded));
    const twice = index === undefined ? undefined : counterpart[index];
    if (twice && doubled.has(pointKey(twice))) matches.push(itemId);
  }
  return matches.sort();
}

type Sender = 'self' | 'partner';

/** The aad's "answers" part: a reply answers the offer, a finish answers the reply. */
async function answered(
  kind: RoundMessageKind,
  transcript: Transcript,
): Promise<string | undefined> {
  if (kind === 'reply') return contentDigest(transcript.offer.content);
  if (kind === 'finish' && transcript.reply) return contentDigest(transcript.reply.content);
  return undefined;
}

interface Transcript {
  offer: SealedWishBlob;
  reply?: SealedWishBlob;
}

/** Opens one message of the round, sent by this person (another of their devices) or the partner. */
async function openStep(
  input: WishRoundBase,
  kind: RoundMessageKind,
  sender: Sender,
  sealed: SealedWishBlob,
  transcript: Transcript,
): Promise<DecodedArray[]> {
  const { selfId, partnerId } = input.couple;
  const fromSelf = sender === 'self';
  return openRoundMessage({
    kind,
    context: {
      roundId: input.roundId,
      senderId: fromSelf ? selfId : partnerId,
      receiverId: fromSelf ? partnerId : selfId,
      answers: await answered(kind, transcript),
    },
    sealed,
    identity: input.identity,
    senderPublicKey: fromSelf ? input.identity.publicKey : input.partnerPublicKey,
  });
}

async function sealStep(
  input: WishRoundBase,
  kind: RoundMessageKind,
  arrays: readonly Uint8Array[][],
  transcript?: Transcript,
): Promise<SealedWishBlob> {
  return sealRoundMessage({
    kind,
    context: {
      roundId: input.roundId,
      senderId: input.couple.selfId,
      receiverId: input.couple.partnerId,
      answers: transcript ? await answered(kind, transcript) : undefined,
    },
    arrays,
    identity: input.identity,
    partnerPublicKey: input.partnerPublicKey,
  });
}

/** A starts a round: the offer, sealed to B (and to A's own key, so A can finish it later). */
export async function startWishRound(
  input: WishRoundBase & { items: readonly string[] },
): Promise<SealedWishBlob> {
  const prepared = await prepare(input, input.items);
  const blinded = blindWishItems(prepared.items, prepared.scalar, prepared.dst);
  return sealStep(input, 'offer', [blinded.map((item) => item.encoded)]);
}

/** B answers A's offer with its own items. */
export async function replyToWishRound(
  input: WishRoundBase & { offer: SealedWishBlob; items: readonly string[] },
): Promise<SealedWishBlob> {
  const prepared = await prepare(input, input.items);
  const [offered] = await openStep(input, 'offer', 'partner', input.offer, input);
  const reblinded = raiseWishPoints(offered!.points, prepared.scalar);
  const own = blindWishItems(prepared.items, prepared.scalar, prepared.dst);
  return sealStep(input, 'reply', [reblinded, own.map((item) => item.encoded)], input);
}

/** A reads B's reply: A's matches, and the finish that lets B learn the same matches. */
export async function finishWishRound(
  input: WishRoundBase & { offer: SealedWishBlob; reply: SealedWishBlob; items: readonly string[] },
): Promise<WishRoundResult & { finish: SealedWishBlob }> {
  const prepared = await prepare(input, input.items);
  const [offered] = await openStep(input, 'offer', 'self', input.offer, input);
  const [reblinded, theirs] = await openStep(input, 'reply', 'partner', input.reply, input);
  if (reblinded!.encoded.length !== offered!.encoded.length) throw new E2eError('Malformed');
  const finished = raiseWishPoints(theirs!.points, prepared.scalar);
  const doubled = new Set(finished.map(pointKey));
  const matches = matchesOf(prepared, offered!, reblinded!.encoded, doubled);
  const finish = await sealStep(input, 'finish', [finished], input);
  return { finish, matches, partnerSetSize: theirs!.encoded.length };
}

/** B reads A's finish: B's matches, the same as A's when neither changed answers meanwhile. */
export async function completeWishRound(
  input: WishRoundBase & {
    offer: SealedWishBlob;
    reply: SealedWishBlob;
    finish: SealedWishBlob;
    items: readonly string[];
  },
): Promise<WishRoundResult> {
  const prepared = await prepare(input, input.items);
  const [offered] = await openStep(input, 'offer', 'partner', input.offer, input);
  const [reblinded, own] = await openStep(input, 'reply', 'self', input.reply, input);
  const [finished] = await openStep(input, 'finish', 'partner', input.finish, input);
  if (
    reblinded!.encoded.length !== offered!.encoded.length ||
    finished!.encoded.length !== own!.encoded.length
  ) {
    throw new E2eError('Malformed');
  }
  const doubled = new Set(reblinded!.encoded.map(pointKey));
  const matches = matchesOf(prepared, own!, finished!.encoded, doubled);
  return { matches, partnerSetSize: offered!.encoded.length };
}
