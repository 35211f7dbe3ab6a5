import { describe, expect, it } from 'vitest';
import type { KeyHistoryEntry } from '@couple/protocol';
import {
  createIdentity,
  signKeyPredecessor,
  signKeyRotation,
  type Identity,
} from '@couple/protocol';
import { PARTNER_ID, deviceOf, infoOf } from './key-state.test-support.js';
import type { PartnerKeyPin } from './keyring.js';
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

const DEVICE = deviceOf();

function entry(
  identity: Identity,
  signature: string | null = null,
  predecessorSignature: string | null = null,
): KeyHistoryEntry {
  return {
    ...infoOf(identity),
    replaced_at: null,
    rotation_signature: signature,
    predecessor_signature: predecessorSignature,
  };
}

function context(
  current: Identity,
  history: KeyHistoryEntry[],
  pins: PartnerKeyPin[] = [],
  own: Identity[] = [],
): PinContext {
  const ownKeyIds = new Set(own.map((identity) => identity.keyId));
  return { partnerId: PARTNER_ID, partner: infoOf(current), history, pins, ownKeyIds };
}

const signed = (previous: Identity, next: Identity, userId = PARTNER_ID) =>
  signKeyRotation({ userId, previous, nextPublicKey: next.publicKey });

/** `signer` vouches backwards for `predecessor`: it signs its key id as the key it replaced. */
const vouch = (signer: Identity, predecessor: Identity) =>
  signKeyPredecessor({ userId: PARTNER_ID, signer, predecessorKeyId: predecessor.keyId });

/** The history entry of a key made on a device that held `previous`: signed both ways. */
const rotatedFrom = async (previous: Identity, next: Identity) =>
  entry(next, await signed(previous, next), await vouch(next, previous));

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

  describe('vouching backwards', async () => {
    // The partner rotated twice on a device that held each replaced key.
    const chain = [
      await rotatedFrom(second, third),
      await rotatedFrom(first, second),
      entry(first),
    ];

    it('confirms the older keys on a device that first sees the partner after two rotations', async () => {
      const pins = await pinsToSettle(context(third, chain), DEVICE);
      expect(reasons(pins)).toEqual([
        [third.keyId, 'first-use'],
        [second.keyId, 'vouched-by-successor'],
        [first.keyId, 'vouched-by-successor'],
      ]);
      const trusted = trustedKeysOf(pins, PARTNER_ID);
      expect(isConfirmedSealer(first.keyId, trusted)).toBe(true);
      expect(isConfirmedSealer(second.keyId, trusted)).toBe(true);
      expect(partnerKeyChangeOf(context(third, chain, pins))).toBe('none');
    });

    it('upgrades keys recorded as only seen, and settles nothing more after', async () => {
      const seenOnly = await pinsToSettle(
        context(third, [entry(third), entry(second), entry(first)]),
        DEVICE,
      );
      expect(trustedKeysOf(seenOnly, PARTNER_ID).has(first.keyId)).toBe(false);
      const added = await pinsToSettle(context(third, chain, seenOnly), DEVICE);
      expect(reasons(added)).toEqual([
        [second.keyId, 'vouched-by-successor'],
        [first.keyId, 'vouched-by-successor'],
      ]);
      const record = [...seenOnly, ...added];
      expect(trustedKeysOf(record, PARTNER_ID).has(first.keyId)).toBe(true);
      expect(await pinsToSettle(context(third, chain, record), DEVICE)).toEqual([]);
    });

    it('leaves a key the server adds to the history unconfirmed', async () => {
      // Listed as the second key's predecessor, with a signature the second key did not make.
      const inserted = [
        entry(third, await signed(second, third), await vouch(third, second)),
        entry(second, null, await vouch(forger, forger)),
        entry(forger),
      ];
      const pins = await pinsToSettle(context(third, inserted), DEVICE);
      expect(reasons(pins)).toEqual([
        [third.keyId, 'first-use'],
        [forger.keyId, 'seen-in-history'],
        [second.keyId, 'vouched-by-successor'],
      ]);
      expect(isConfirmedSealer(forger.keyId, trustedKeysOf(pins, PARTNER_ID))).toBe(false);
    });

    it('vouches for nothing on an untrusted key’s signature (the forger’s own chain)', async () => {
      const pins = await pinsToSettle(context(third, [entry(third)]), DEVICE);
      // The server has its own key vouch for the current key's predecessor, and for more.
      const forged = [
        entry(third, null, await vouch(forger, second)),
        entry(forger, null, await vouch(forger, first)),
        entry(second),
        entry(first),
      ];
      // Or gives the trusted key's id with a public key of its own, which signs.
      const impostor = { keyId: third.keyId, entropy: forger.entropy };
      const byImpostor = signKeyPredecessor({
        userId: PARTNER_ID,
        signer: impostor,
        predecessorKeyId: second.keyId,
      });
      const swapped = { ...entry(third, null, await byImpostor), public_key: forger.publicKey };
      for (const now of [
        context(third, forged, pins),
        {
          ...context(third, [swapped, entry(second)], pins),
          partner: { ...infoOf(third), ...swapped },
        },
      ]) {
        expect(await pinsToSettle(now, DEVICE)).toEqual([]);
        expect(partnerKeyChangeOf(now)).toBe('unsigned');
      }
    });

    it('warns when a key vouched for backwards is offered again as current', async () => {
      const record = await pinsToSettle(context(third, chain), DEVICE);
      const rolledBack = context(second, chain.slice(1), record);
      expect(await pinsToSettle(rolledBack, DEVICE)).toEqual([]);
      expect(partnerKeyChangeOf(rolledBack)).toBe('unsigned');
      expect(pinnedCurrentKeyOf(rolledBack)).toBeNull();
      const pinnedAt = record.at(-1)?.pinnedAt;
      expect(supersededKeysOf(record, PARTNER_ID)).toEqual(
        new Map([
          [second.keyId, pinnedAt],
          [first.keyId, pinnedAt],
        ]),
      );
    });

    it('never pins one of the account’s own keys, even vouched for by a trusted key', async () => {
      const listed = [entry(third, null, await vouch(third, mine)), entry(mine)];
      const pins = await pinsToSettle(context(third, listed, [], [mine]), DEVICE);
      expect(reasons(pins)).toEqual([[third.keyId, 'first-use']]);
      expect(partnerKeyChangeOf(context(third, listed, pins, [mine]))).toBe('unsigned');
    });
  });
});
