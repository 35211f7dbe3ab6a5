import { describe, expect, it } from 'vitest';
import type { KeyHistoryEntry, KeyInfo } from '@couple/protocol';
import { createIdentity, signKeyRotation, type Identity } from '@couple/protocol';
import type { DeviceKeyState, PartnerKeyPin } from './keyring.js';
import {
  acceptancePins,
  isConfirmedSealer,
  partnerKeyChangeOf,
  pinnedCurrentKeyOf,
  pinsToSettle,
  trustedKeysOf,
  type PinContext,
} from './pins.js';
import { supersededKeysOf } from './supersession.js';

const PARTNER_ID = '22222222-2222-4222-8222-222222222222';
const DEVICE: DeviceKeyState = {
  userId: '11111111-1111-4111-8111-111111111111',
  acceptedPartnerKey: null,
  verifiedPair: null,
  phraseSavedForKeyId: null,
};

function info(identity: Identity): KeyInfo {
  return {
    public_key: identity.publicKey,
    key_id: identity.keyId,
    created_at: '2026-11-23T10:00:00.000Z',
    previous_key_id: null,
  };
}

function entry(identity: Identity, signature: string | null = null): KeyHistoryEntry {
  return {
    ...info(identity),
    replaced_at: null,
    rotation_signature: signature,
    predecessor_signature: null,
  };
}

function context(
  current: Identity,
  history: KeyHistoryEntry[],
  pins: PartnerKeyPin[] = [],
  own: Identity[] = [],
): PinContext {
  const ownKeyIds = new Set(own.map((identity) => identity.keyId));
  return { partnerId: PARTNER_ID, partner: info(current), history, pins, ownKeyIds };
}

const signed = (previous: Identity, next: Identity, userId = PARTNER_ID) =>
  signKeyRotation({ userId, previous, nextPublicKey: next.publicKey });

const reasons = (pins: PartnerKeyPin[]) => pins.map((pin) => [pin.keyId, pin.reason]);

describe('pinned partner keys', async () => {
  const [first, second, third, forger, mine] = await Promise.all([
    createIdentity(),
    createIdentity(),
    createIdentity(),
    createIdentity(),
    createIdentity(),
  ]);

  it('pins the current key on first use; older history keys are only seen', async () => {
    const pins = await pinsToSettle(context(second, [entry(second), entry(first)]), DEVICE);
    expect(reasons(pins)).toEqual([
      [second.keyId, 'first-use'],
      [first.keyId, 'seen-in-history'],
    ]);
    expect([...trustedKeysOf(pins, PARTNER_ID).keys()]).toEqual([second.keyId]);
    expect(partnerKeyChangeOf(context(second, [entry(second), entry(first)], pins))).toBe('none');
  });

  it('pins the current key once it is known, though the history named it first', async () => {
    const history = [entry(second), entry(first)];
    // The history was read before the answer that makes the key current.
    const historyFirst: PinContext = { ...context(second, history), partner: null };
    expect(await pinsToSettle(historyFirst, DEVICE)).toEqual([]);
    const seenOnly = (await pinsToSettle(context(second, history), DEVICE)).map((pin) => ({
      ...pin,
      reason: 'seen-in-history' as const,
    }));
    const now = context(second, history, seenOnly);
    const settled = await pinsToSettle(now, DEVICE);
    expect(reasons(settled)).toEqual([[second.keyId, 'first-use']]);
    expect(partnerKeyChangeOf({ ...now, pins: [...seenOnly, ...settled] })).toBe('none');
  });

  it('keeps what a device accepted before pins existed, and warns of the rest', async () => {
    const device = { ...DEVICE, acceptedPartnerKey: `${PARTNER_ID}:${first.keyId}` };
    const now = context(second, [entry(second), entry(first)]);
    const pins = await pinsToSettle(now, device);
    expect(reasons(pins)).toEqual([[first.keyId, 'accepted']]);
    expect(partnerKeyChangeOf({ ...now, pins })).toBe('unsigned');
  });

  it('counts a key that appears in the history later as a change, and pins nothing for it', async () => {
    const pins = await pinsToSettle(context(second, [entry(second)]), DEVICE);
    const later = context(second, [entry(second), entry(forger)], pins);
    expect(await pinsToSettle(later, DEVICE)).toEqual([]);
    expect(partnerKeyChangeOf(later)).toBe('unsigned');
    expect(trustedKeysOf(pins, PARTNER_ID).has(forger.keyId)).toBe(false);
  });

  it('follows a chain of signed rotations from a pinned key', async () => {
    const pins = await pinsToSettle(context(first, [entry(first)]), DEVICE);
    const history = [
      entry(third, await signed(second, third)),
      entry(second, await signed(first, second)),
      entry(first),
    ];
    const added = await pinsToSettle(context(third, history, pins), DEVICE);
    expect(reasons(added)).toEqual([
      [second.keyId, 'signed-rotation'],
      [third.keyId, 'signed-rotation'],
    ]);
    expect(partnerKeyChangeOf(context(third, history, [...pins, ...added]))).toBe('signed');
  });

  it('does not pin a key signed by an unpinned key, a forged signature, or another account', async () => {
    const pins = await pinsToSettle(context(first, [entry(first)]), DEVICE);
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    for (const signature of [
      await signed(forger, second),
      flip(await signed(first, second)),
      await signed(first, second, 'another-user'),
    ]) {
      const now = context(second, [entry(second, signature), entry(first)], pins);
      expect(await pinsToSettle(now, DEVICE)).toEqual([]);
      expect(partnerKeyChangeOf(now)).toBe('unsigned');
    }
  });

  it('never pins a public key under another key’s id', async () => {
    const swapped = { ...entry(second), key_id: first.keyId };
    const pins = await pinsToSettle(
      { partnerId: PARTNER_ID, partner: null, history: [swapped], pins: [], ownKeyIds: new Set() },
      DEVICE,
    );
    expect(pins).toEqual([]);
  });

  it('accepting pins the current key and records unseen history keys as seen only', async () => {
    const pins = await pinsToSettle(context(first, [entry(first)]), DEVICE);
    const now = context(second, [entry(second), entry(forger), entry(first)], pins);
    const added = await acceptancePins(now, 'verified');
    expect(reasons(added)).toEqual([
      [second.keyId, 'verified'],
      [forger.keyId, 'seen-in-history'],
    ]);
    const after = { ...now, pins: [...pins, ...added] };
    expect(partnerKeyChangeOf(after)).toBe('none');
    const trusted = trustedKeysOf(after.pins, PARTNER_ID);
    expect(isConfirmedSealer(second.keyId, trusted)).toBe(true);
    expect(isConfirmedSealer(forger.keyId, trusted)).toBe(false);
  });

  it('warns when the server offers again a key that a signed rotation replaced', async () => {
    const pins = await pinsToSettle(context(first, [entry(first)]), DEVICE);
    const rotated = [entry(second, await signed(first, second)), entry(first)];
    const record = [...pins, ...(await pinsToSettle(context(second, rotated, pins), DEVICE))];
    expect(partnerKeyChangeOf(context(second, rotated, record))).toBe('signed');
    // A rolled-back database: the first key current again, the second gone or still listed.
    const rolledBack = context(first, [entry(first)], record);
    expect(await pinsToSettle(rolledBack, DEVICE)).toEqual([]);
    expect(partnerKeyChangeOf(rolledBack)).toBe('unsigned');
    expect(partnerKeyChangeOf(context(first, rotated, record))).toBe('unsigned');
    expect(pinnedCurrentKeyOf(rolledBack)).toBeNull();
    expect(supersededKeysOf(record, PARTNER_ID)).toEqual(
      new Map([[first.keyId, record.at(-1)?.pinnedAt]]),
    );
    // The first key still vouches for the notes it sealed before.
    expect(isConfirmedSealer(first.keyId, trustedKeysOf(record, PARTNER_ID))).toBe(true);
  });

  it('warns when the server offers again a key the person replaced, until accepted again', async () => {
    const pins = await pinsToSettle(context(first, [entry(first)]), DEVICE);
    const changed = context(second, [entry(second), entry(first)], pins);
    const record = [...pins, ...(await acceptancePins(changed, 'accepted'))];
    expect(partnerKeyChangeOf({ ...changed, pins: record })).toBe('none');
    const rolledBack = context(first, [entry(first)], record);
    expect(partnerKeyChangeOf(rolledBack)).toBe('unsigned');
    // Accepting it again is the person's choice: the warning goes, and the other key is replaced.
    const again = [...record, ...(await acceptancePins(rolledBack, 'accepted'))];
    expect(partnerKeyChangeOf({ ...rolledBack, pins: again })).toBe('none');
    expect(pinnedCurrentKeyOf({ ...rolledBack, pins: again })?.keyId).toBe(first.keyId);
    expect(partnerKeyChangeOf({ ...changed, pins: again })).toBe('unsigned');
  });

  it('refuses one of the account’s own keys as the partner’s, on first use and after', async () => {
    const firstUse = context(mine, [entry(mine)], [], [mine]);
    expect(await pinsToSettle(firstUse, DEVICE)).toEqual([]);
    expect(partnerKeyChangeOf(firstUse)).toBe('unsigned');
    const pins = await pinsToSettle(context(first, [entry(first)]), DEVICE);
    const swapped = context(mine, [entry(mine), entry(first)], pins, [mine]);
    expect(await acceptancePins(swapped, 'accepted')).toEqual([]);
    expect(partnerKeyChangeOf(swapped)).toBe('unsigned');
    // A record that an older version made, pinning that key on first use, changes nothing.
    const older = await pinsToSettle(context(mine, [entry(mine)]), DEVICE);
    expect(partnerKeyChangeOf({ ...swapped, pins: [...pins, ...older] })).toBe('unsigned');
    expect(pinnedCurrentKeyOf({ ...swapped, pins: [...pins, ...older] })).toBeNull();
  });
});
