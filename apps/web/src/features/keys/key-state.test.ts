import { describe, expect, it } from 'vitest';
import { createIdentity } from '@couple/protocol';
import { deriveKeyState, pairOf } from './key-state.js';
import {
  PARTNER_ID,
  deviceOf as device,
  historyOf as history,
  infoOf,
  pinOf,
} from './key-state.test-support.js';
import { noteSealOf } from './seal.js';

describe('deriveKeyState', async () => {
  const [mine, older, partner, partnerNext] = await Promise.all([
    createIdentity(),
    createIdentity(),
    createIdentity(),
    createIdentity(),
  ]);

  it('asks for a first key, a publish, or a link depending on who holds what', () => {
    const empty = history([]);
    expect(deriveKeyState({ own: null, partner: null }, empty, [], device(), null, []).status).toBe(
      'create',
    );
    expect(
      deriveKeyState({ own: null, partner: null }, empty, [mine], device(), null, []).status,
    ).toBe('publish');
    const linked = deriveKeyState(
      { own: infoOf(mine), partner: null },
      history([infoOf(mine)]),
      [older],
      device(),
      null,
      [],
    );
    expect(linked.status).toBe('link');
    expect(linked.current).toBeNull();
    expect(noteSealOf(linked)).toEqual({ kind: 'legacy' });
  });

  it('is ready with the device key that is current, and seals end to end to the partner', () => {
    const state = deriveKeyState(
      { own: infoOf(mine), partner: infoOf(partner) },
      history([infoOf(mine)]),
      [older, mine],
      device(),
      PARTNER_ID,
      [pinOf(partner)],
    );
    expect(state.status).toBe('ready');
    expect(state.current?.keyId).toBe(mine.keyId);
    expect(state.publicKeys.get(older.keyId)).toBe(older.publicKey);
    expect(state.partnerKeyChanged).toBe(false);
    expect([...state.trustedSenders.keys()]).toEqual([partner.keyId, older.keyId, mine.keyId]);
    expect(state.phraseUnsaved).toBe(true);
    expect(noteSealOf(state)).toMatchObject({
      kind: 'e2e',
      partnerPublicKey: partner.publicKey,
    });
  });

  it('needs this device when both have keys but the device lacks the account key', () => {
    const state = deriveKeyState(
      { own: infoOf(mine), partner: infoOf(partner) },
      history([infoOf(mine)]),
      [],
      device(),
      PARTNER_ID,
      [],
    );
    expect(noteSealOf(state)).toEqual({ kind: 'needs-device' });
  });

  it('warns of a partner key this device never pinned, for this partner only', () => {
    const keys = { own: infoOf(mine), partner: infoOf(partnerNext, partner.keyId) };
    const own = history([infoOf(mine)], [infoOf(partnerNext), infoOf(partner)]);
    const changed = deriveKeyState(keys, own, [mine], device(), PARTNER_ID, [pinOf(partner)]);
    expect(changed.partnerKeyChanged).toBe(true);
    expect(changed.trustedSenders.has(partnerNext.keyId)).toBe(false);
    const otherPartner = '33333333-3333-4333-8333-333333333333';
    const fresh = deriveKeyState(keys, own, [mine], device(), otherPartner, [pinOf(partner)]);
    expect(fresh.trustedSenders.has(partner.keyId)).toBe(false);
  });

  it('warns of no key change on a device that holds no key of the account, which pins nothing', () => {
    const keys = { own: infoOf(mine), partner: infoOf(partnerNext, partner.keyId) };
    const own = history([infoOf(mine)], [infoOf(partnerNext), infoOf(partner)]);
    const keyless = deriveKeyState(keys, own, [], device(), PARTNER_ID, []);
    expect(keyless).toMatchObject({
      status: 'link',
      partnerKeyChanged: false,
      partnerKeyRotated: false,
    });
    expect(keyless.trustedSenders.size).toBe(0);
    const holdingAnOlderKey = deriveKeyState(keys, own, [older], device(), PARTNER_ID, []);
    expect(holdingAnOlderKey).toMatchObject({ status: 'link', partnerKeyChanged: true });
  });

  it('tells a signed rotation from an unsigned change', () => {
    const keys = { own: infoOf(mine), partner: infoOf(partnerNext, partner.keyId) };
    const own = history([infoOf(mine)], [infoOf(partnerNext), infoOf(partner)]);
    const pins = [pinOf(partner), pinOf(partnerNext, 'signed-rotation')];
    const rotated = deriveKeyState(keys, own, [mine], device(), PARTNER_ID, pins);
    expect(rotated).toMatchObject({ partnerKeyChanged: false, partnerKeyRotated: true });
    const accepted = [...pins, pinOf(partnerNext, 'accepted')];
    expect(deriveKeyState(keys, own, [mine], device(), PARTNER_ID, accepted)).toMatchObject({
      partnerKeyChanged: false,
      partnerKeyRotated: false,
    });
  });

  it('warns, and never counts as verified, when the server gives one of one’s own keys as the partner’s', () => {
    const keys = { own: infoOf(mine), partner: infoOf(older) };
    const verified = device({ verifiedPair: pairOf(keys.own, keys.partner) });
    // A record an older version made, which pinned that key as the partner's on first use.
    const pins = [pinOf(partner), pinOf(older)];
    const state = deriveKeyState(keys, history([]), [older, mine], verified, PARTNER_ID, pins);
    expect(state).toMatchObject({
      partnerKeyChanged: true,
      partnerKeyIsOwn: true,
      verified: false,
    });
    const listed = deriveKeyState(
      keys,
      history([infoOf(mine), infoOf(older)]),
      [mine],
      device(),
      PARTNER_ID,
      pins,
    );
    expect(listed).toMatchObject({ partnerKeyChanged: true, partnerKeyIsOwn: true });
  });

  it('keeps "verified" only for the pair of keys that was compared', () => {
    const keys = { own: infoOf(mine), partner: infoOf(partner) };
    const verified = device({ verifiedPair: pairOf(keys.own, keys.partner) });
    expect(deriveKeyState(keys, history([]), [mine], verified, PARTNER_ID, []).verified).toBe(true);
    const next = { own: infoOf(mine), partner: infoOf(partnerNext, partner.keyId) };
    expect(deriveKeyState(next, history([]), [mine], verified, PARTNER_ID, []).verified).toBe(
      false,
    );
  });
});
