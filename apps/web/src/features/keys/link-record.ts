import { z } from 'zod/mini';
import {
  KEY_ID_B64URL_LENGTH,
  PUBLIC_KEY_B64URL_LENGTH,
  linkRecordFits,
  type Identity,
  type LinkPayloadContents,
} from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';
import type { LinkCarried } from './link-carried.js';
import {
  appendPins,
  loadDeviceState,
  loadIdentities,
  loadPins,
  replaceAccountPins,
  updateDeviceState,
  type PartnerKeyPin,
  type PinReason,
} from './keyring.js';

/**
 * What a device link carries beside the seeds (docs/security.md, "Device linking"): what the
 * approving device knew about the partner keys, so the new device trusts what it trusted.
 * Not `phraseSavedForKeyId`: the new device never showed the phrase; it marks it saved itself
 * when it links (LinkThisDevice), since the reminder belongs to the device that made the key.
 */
export interface LinkRecord {
  /** Every pin of the account, as stored, oldest first: former partners' notes are still shown. */
  pins: PartnerKeyPin[];
  verifiedPair: string | null;
  /** Wish answers and settings: filled and adopted by the wishes code; carried untouched. */
  wishes?: unknown;
}

const PIN_REASONS = {
  'first-use': 'first-use',
  accepted: 'accepted',
  verified: 'verified',
  'signed-rotation': 'signed-rotation',
  'seen-in-history': 'seen-in-history',
  'vouched-by-successor': 'vouched-by-successor',
} as const satisfies Record<PinReason, PinReason>;

/** More than a payload can hold (LINK_PAYLOAD_BYTES): a bound on what is read, not a budget. */
const PINS_MAX = 500;
const SUPERSEDES_MAX = 500;

const base64url = (length: number) =>
  z.string().check(z.length(length), z.regex(/^[A-Za-z0-9_-]*$/));
const keyIdSchema = base64url(KEY_ID_B64URL_LENGTH);
const KEY_ID = `[A-Za-z0-9_-]{${KEY_ID_B64URL_LENGTH}}`;
/** `${ownKeyId}:${partnerKeyId}`, as DeviceKeyState keeps it. */
const KEY_PAIR = new RegExp(`^${KEY_ID}:${KEY_ID}$`);

const pinSchema = z.object({
  partnerId: z.uuid(),
  keyId: keyIdSchema,
  publicKey: base64url(PUBLIC_KEY_B64URL_LENGTH),
  reason: z.enum(PIN_REASONS),
  pinnedAt: z.iso.datetime(),
  supersedes: z.array(keyIdSchema).check(z.maxLength(SUPERSEDES_MAX)),
});

/** Fields a later release adds are dropped, not refused: the rest of its record still counts. */
export const linkRecordSchema = z.object({
  pins: z.array(pinSchema).check(z.maxLength(PINS_MAX)),
  verifiedPair: z.nullable(z.string().check(z.regex(KEY_PAIR))),
  wishes: z.optional(z.unknown()),
});

const kindOf = (pin: PartnerKeyPin) => `${pin.partnerId}:${pin.keyId}:${pin.reason}`;

/**
 * A record the payload can hold. When all pins do not fit, only the newest row of each
 * (partner, key, reason) is kept: an older row of the same kind adds at most an earlier date.
 * When even those do not fit, the newest rows that do: the oldest keys' notes then show as
 * unconfirmed on the new device, while the current keys stay trusted. Order is kept (pins.ts
 * reads supersession from it).
 */
export function fitLinkRecord(
  record: LinkRecord,
  fits: (record: LinkRecord) => boolean,
): LinkRecord {
  if (fits(record)) return record;
  const newest = new Map(record.pins.map((pin, index) => [kindOf(pin), index]));
  const pins = record.pins.filter((pin, index) => newest.get(kindOf(pin)) === index);
  const keeping = (count: number) => ({ ...record, pins: pins.slice(pins.length - count) });
  let low = 0;
  let high = pins.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(keeping(middle))) low = middle;
    else high = middle - 1;
  }
  return keeping(low);
}

/** What the approving device knows of the account's partner keys, and what features carry. */
export async function gatherLinkRecord(userId: string, carried: LinkCarried): Promise<LinkRecord> {
  const [pins, device, wishes] = await Promise.all([
    loadPins(userId),
    loadDeviceState(userId),
    carried.gatherWishes(userId),
  ]);
  return { pins, verifiedPair: device.verifiedPair, ...(wishes === undefined ? {} : { wishes }) };
}

/**
 * Trust comes first: a record that does not fit has its pins fitted without the wishes, which
 * then come along only if they still fit (else the new device gets them from the wish backup).
 */
export function fitWithWishes(
  record: LinkRecord,
  fits: (record: LinkRecord) => boolean,
): LinkRecord {
  if (fits(record)) return record;
  const { wishes, ...keys } = record;
  const fitted = fitLinkRecord(keys, fits);
  const withWishes = { ...fitted, wishes };
  return wishes !== undefined && fits(withWishes) ? withWishes : fitted;
}

/** What the approving device seals: the current identity, the older ones it holds, the record. */
export async function linkPayloadContents(
  userId: string,
  current: Identity,
  carried: LinkCarried,
): Promise<LinkPayloadContents> {
  const held = await loadIdentities(userId);
  const formerIdentities = held.filter((identity) => identity.keyId !== current.keyId);
  const record = fitWithWishes(await gatherLinkRecord(userId, carried), (candidate) =>
    linkRecordFits(candidate, formerIdentities.length),
  );
  return { identity: current, formerIdentities, record };
}

/**
 * How the carried pins enter this device's record. A device holding no key of the account had
 * no trust anchor: whatever it pinned is replaced. A device holding one keeps its append-only
 * record and adds the carried rows of a kind it lacks.
 */
export function pinsAdoption(
  carried: readonly PartnerKeyPin[],
  recorded: readonly PartnerKeyPin[],
  holdsKey: boolean,
): { replace: readonly PartnerKeyPin[] } | { append: PartnerKeyPin[] } {
  if (!holdsKey) return { replace: carried };
  const known = new Set(recorded.map(kindOf));
  return { append: carried.filter((pin) => !known.has(kindOf(pin))) };
}

/** Where a record failed its schema, without any of its values. */
function whereItFailed(issues: readonly { code: string; path: readonly PropertyKey[] }[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.code} at ${issue.path.map(String).join('.') || 'record'}`)
    .join('; ');
}

/**
 * Takes over the approving device's record, before the linked identities are saved: while the
 * device holds no key, nothing else writes its pins (queries.ts, settlePins). A record of the
 * previous release (null) or one that fails its schema is dropped (logged, without contents):
 * the device then pins the partner's key on first use, as without a record.
 */
export async function adoptLinkRecord(
  userId: string,
  record: unknown,
  carried: LinkCarried,
): Promise<void> {
  if (record === null) return;
  const parsed = linkRecordSchema.safeParse(record);
  if (!parsed.success) {
    const where = whereItFailed(parsed.error.issues);
    logClientError('link_record', `Dropped the linked device's record: ${where}`);
    return;
  }
  const { pins, verifiedPair, wishes } = parsed.data;
  const [recorded, held] = await Promise.all([loadPins(userId), loadIdentities(userId)]);
  const adoption = pinsAdoption(pins, recorded, held.length > 0);
  if ('replace' in adoption) await replaceAccountPins(userId, adoption.replace);
  else await appendPins(userId, adoption.append);
  if (verifiedPair !== null) await updateDeviceState(userId, { verifiedPair });
  // The keys' part stands whatever becomes of the wishes, which the wish backup also brings.
  if (wishes !== undefined) {
    await carried
      .adoptWishes(userId, wishes)
      .catch((error: unknown) => logClientError('link_record_wishes', error));
  }
}
