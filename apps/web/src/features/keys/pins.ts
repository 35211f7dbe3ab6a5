import type { KeyHistoryEntry, KeyInfo } from '@couple/protocol';
import { keyIdOfPublicKey } from '@couple/protocol/browser';
import type { DeviceKeyState, PartnerKeyPin, PinReason } from './keyring.js';
import {
  signedRotations,
  vouchedPredecessors,
  type PartnerKey,
  type PinEntry,
} from './signed-keys.js';
import { supersededKeysOf } from './supersession.js';

/** What the server says now about the partner's keys, and what this device recorded. */
export interface PinContext {
  partnerId: string;
  partner: KeyInfo | null;
  history: readonly KeyHistoryEntry[];
  pins: readonly PartnerKeyPin[];
  /** The account's own keys: the server may not name one of them as the partner's. */
  ownKeyIds: ReadonlySet<string>;
}

/**
 * - `none`: every key the server names is recorded, and the current one was accepted here;
 * - `signed`: the current key is trusted only because a trusted key signed it (a rotation);
 * - `unsigned`: the current key, or a key in the history, was never accepted here; or the
 *   current key was superseded here (a rollback), or is one of the account's own.
 */
export type PartnerKeyChange = 'none' | 'signed' | 'unsigned';

function pinsOf(pins: readonly PartnerKeyPin[], partnerId: string): PartnerKeyPin[] {
  return pins.filter((pin) => pin.partnerId === partnerId);
}

/** The partner keys a note may be sealed with to show as end-to-end: key id to public key. */
export function trustedKeysOf(
  pins: readonly PartnerKeyPin[],
  partnerId: string,
): Map<string, string> {
  return new Map(
    pinsOf(pins, partnerId)
      .filter((pin) => pin.reason !== 'seen-in-history')
      .map((pin) => [pin.keyId, pin.publicKey]),
  );
}

/** A note is end-to-end from its writer only when a key this device trusts sealed it. */
export function isConfirmedSealer(
  senderKeyId: string,
  trusted: ReadonlyMap<string, string>,
): boolean {
  return trusted.has(senderKeyId);
}

/** Current key first, then the history, each key once. */
function partnerKeysOf(context: PinContext): PartnerKey[] {
  const keys = new Map<string, PartnerKey>();
  for (const entry of context.history) keys.set(entry.key_id, entry);
  const current = context.partner;
  const listed = current ? keys.get(current.key_id) : undefined;
  const signatures = {
    rotation_signature: listed?.rotation_signature ?? null,
    predecessor_signature: listed?.predecessor_signature ?? null,
  };
  const ordered = current ? [{ ...current, ...signatures }] : [];
  return [...ordered, ...[...keys.values()].filter((key) => key.key_id !== current?.key_id)];
}

export function partnerKeyChangeOf(context: PinContext): PartnerKeyChange {
  const { partner, partnerId } = context;
  if (!partner) return 'none';
  const recorded = pinsOf(context.pins, partnerId);
  const recordedIds = new Set(recorded.map((pin) => pin.keyId));
  const unseen = partnerKeysOf(context).some((key) => !recordedIds.has(key.key_id));
  if (
    unseen ||
    context.ownKeyIds.has(partner.key_id) ||
    supersededKeysOf(recorded, partnerId).has(partner.key_id) ||
    !trustedKeysOf(recorded, partnerId).has(partner.key_id)
  ) {
    return 'unsigned';
  }
  const reasons = recorded.filter((pin) => pin.keyId === partner.key_id).map((pin) => pin.reason);
  return reasons.every((reason) => reason === 'signed-rotation' || reason === 'seen-in-history')
    ? 'signed'
    : 'none';
}

/**
 * The partner's current key as pinned here, while it raises no key-change warning: the only key
 * wishes run with: never one the server merely names, one superseded here, or one's own.
 */
export function pinnedCurrentKeyOf(
  context: PinContext,
): { keyId: string; publicKey: string } | null {
  const { partner, partnerId } = context;
  if (!partner || partnerKeyChangeOf(context) === 'unsigned') return null;
  const publicKey = trustedKeysOf(context.pins, partnerId).get(partner.key_id);
  return publicKey ? { keyId: partner.key_id, publicKey } : null;
}

/** A server could pair a key id with another public key: a pin keeps only matching pairs. */
async function keyIdMatches(key: PartnerKey): Promise<boolean> {
  try {
    return (await keyIdOfPublicKey(key.public_key)) === key.key_id;
  } catch {
    return false;
  }
}

/** Never a key of the account's own: a server naming one as the partner's is refused. */
async function pinsFor(
  context: PinContext,
  entries: readonly PinEntry[],
): Promise<PartnerKeyPin[]> {
  const checked = await Promise.all(entries.map(([key]) => keyIdMatches(key)));
  const pinnedAt = new Date().toISOString();
  return entries
    .filter(([key], index) => checked[index] && !context.ownKeyIds.has(key.key_id))
    .map(([key, reason, supersedes = []]) => ({
      partnerId: context.partnerId,
      keyId: key.key_id,
      publicKey: key.public_key,
      reason,
      pinnedAt,
      supersedes,
    }));
}

/**
 * The first pins of a partner: what the device accepted before pins existed (its one remembered
 * key and verified pair), or else the current key on trust of first use, the older keys as seen.
 */
function firstPins(context: PinContext, device: DeviceKeyState): [PartnerKey, PinReason][] {
  const keys = partnerKeysOf(context);
  const prefix = `${context.partnerId}:`;
  const legacy = device.acceptedPartnerKey?.startsWith(prefix)
    ? device.acceptedPartnerKey.slice(prefix.length)
    : null;
  if (legacy !== null) {
    const verified = device.verifiedPair?.split(':')[1];
    return keys
      .filter((key) => key.key_id === legacy)
      .map((key) => [key, key.key_id === verified ? 'verified' : 'accepted']);
  }
  return keys.map((key, index) => [
    key,
    index === 0 && context.partner ? 'first-use' : 'seen-in-history',
  ]);
}

/**
 * What to append to the record when the server's keys are read: the first pins of a partner,
 * then every key a trusted key signed, then every older key a trusted key vouched for. Nothing
 * else is pinned without the person.
 */
export async function pinsToSettle(
  context: PinContext,
  device: DeviceKeyState,
): Promise<PartnerKeyPin[]> {
  const { partnerId } = context;
  const recorded = pinsOf(context.pins, partnerId);
  // Only a current key is trusted on first use. The keys and their history are read apart, so a
  // history naming the new key can arrive before the answer that makes it current: pins that
  // trust nothing yet must not stop the current key from being pinned once it is known.
  const trustsNone = recorded.every((pin) => pin.reason === 'seen-in-history');
  const first =
    trustsNone && context.partner
      ? await pinsFor(
          context,
          firstPins(context, device).filter(
            ([key, why]) => !recorded.some((pin) => pin.keyId === key.key_id && pin.reason === why),
          ),
        )
      : [];
  const known = [...context.pins, ...first];
  const trusted = trustedKeysOf(known, partnerId);
  const keys = partnerKeysOf(context);
  const signed = await signedRotations(partnerId, keys, trusted);
  // The backward signature covers a key id only: the id must be the one of the public key.
  const matching = await Promise.all(keys.map(keyIdMatches));
  const candidates = keys.filter(
    (key, index) => matching[index] && !context.ownKeyIds.has(key.key_id),
  );
  const vouched = await vouchedPredecessors(partnerId, candidates, trusted);
  // A key vouched for at first use is pinned as that, not also as only seen.
  const vouchedIds = new Set(vouched.map(([key]) => key.key_id));
  const firstKept = first.filter(
    (pin) => pin.reason !== 'seen-in-history' || !vouchedIds.has(pin.keyId),
  );
  return [...firstKept, ...(await pinsFor(context, [...signed, ...vouched]))];
}

/**
 * What the person's acceptance appends: the current key (`accepted` after the warning or the
 * rotation notice, `verified` from the safety number), superseding every other key of the
 * partner, and the history keys not yet recorded as seen, so they stop counting as a change
 * without vouching for any note.
 */
export async function acceptancePins(
  context: PinContext,
  reason: 'accepted' | 'verified',
): Promise<PartnerKeyPin[]> {
  const recorded = new Set(pinsOf(context.pins, context.partnerId).map((pin) => pin.keyId));
  const keys = partnerKeysOf(context);
  const currentId = context.partner?.key_id;
  const others = [...new Set([...recorded, ...keys.map((key) => key.key_id)])].filter(
    (keyId) => keyId !== currentId,
  );
  const entries = keys.flatMap((key): PinEntry[] => {
    if (key.key_id === currentId) return [[key, reason, others]];
    return recorded.has(key.key_id) ? [] : [[key, 'seen-in-history']];
  });
  return pinsFor(context, entries);
}
