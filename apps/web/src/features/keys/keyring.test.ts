import { describe, expect, it } from 'vitest';
import { createIdentity } from '@couple/protocol';
import { pinsFromStored, type PartnerKeyPin } from './keyring.js';
import { partnerKeyChangeOf } from './pins.js';
import { supersededKeysOf } from './supersession.js';
import { PARTNER_ID, infoOf, pinOf } from './key-state.test-support.js';

/** A row as versions before supersession wrote it: no `supersedes`. */
function olderRow({ partnerId, keyId, publicKey, reason }: PartnerKeyPin, pinnedAt: string) {
  return { partnerId, keyId, publicKey, reason, pinnedAt };
}

describe('pins stored by an older version', async () => {
  const [first, second, seen] = await Promise.all([
    createIdentity(),
    createIdentity(),
    createIdentity(),
  ]);

  it('are read with the keys they superseded: those an earlier row trusted', () => {
    const pins = pinsFromStored([
      olderRow(pinOf(first, 'first-use'), '2026-11-01T10:00:00.000Z'),
      olderRow(pinOf(seen, 'seen-in-history'), '2026-11-01T10:00:00.000Z'),
      olderRow(pinOf(second, 'signed-rotation'), '2026-11-20T10:00:00.000Z'),
      olderRow(pinOf(second, 'accepted'), '2026-11-21T10:00:00.000Z'),
    ]);
    expect(pins.map((pin) => pin.supersedes)).toEqual([[], [], [first.keyId], [first.keyId]]);
    expect(supersededKeysOf(pins, PARTNER_ID)).toEqual(
      new Map([[first.keyId, '2026-11-20T10:00:00.000Z']]),
    );
    const history = [second, first].map((identity) => ({
      ...infoOf(identity),
      replaced_at: null,
      rotation_signature: null,
      predecessor_signature: null,
    }));
    const now = { partnerId: PARTNER_ID, history, pins, ownKeyIds: new Set<string>() };
    expect(partnerKeyChangeOf({ ...now, partner: infoOf(second) })).toBe('none');
    expect(partnerKeyChangeOf({ ...now, partner: infoOf(first) })).toBe('unsigned');
  });

  it('are read as they were written once they say what they superseded', () => {
    const written = { ...pinOf(second, 'accepted', [first.keyId]), userId: 'someone' };
    expect(pinsFromStored([written])).toEqual([pinOf(second, 'accepted', [first.keyId])]);
  });
});
