import { describe, expect, it } from 'vitest';
import { createIdentity, type Identity, type KeyInfo } from '@couple/protocol';
import { deriveKeyState } from '../keys/key-state.js';
import type { PartnerKeyPin } from '../keys/keyring.js';
import { PARTNER_ID, deviceOf, historyOf, infoOf, pinOf } from '../keys/key-state.test-support.js';
import { trustedPartnerKey } from './use-engine-context.js';

describe('the partner key wishes run with', async () => {
  const [mine, partner, partnerNext, inserted] = await Promise.all([
    createIdentity(),
    createIdentity(),
    createIdentity(),
    createIdentity(),
  ]);
  const own = infoOf(mine);

  /** This device's key state when the server names `current` and `history` as the partner's. */
  function stateWhen(current: KeyInfo, history: Identity[], pins: PartnerKeyPin[]) {
    const partnerHistory = [current, ...history.map((identity) => infoOf(identity))];
    return deriveKeyState(
      { own, partner: current },
      historyOf([own], partnerHistory),
      [mine],
      deviceOf(),
      PARTNER_ID,
      pins,
    );
  }

  it('is the partner’s current key as pinned on this device', () => {
    const keys = stateWhen(infoOf(partner), [], [pinOf(partner)]);
    expect(trustedPartnerKey(keys)).toEqual({
      keyId: partner.keyId,
      publicKey: partner.publicKey,
    });
  });

  it('is never one of the device’s own keys, whatever the server names', () => {
    const keys = stateWhen(own, [partner], [pinOf(partner)]);
    expect(keys.partnerKeyChanged).toBe(true);
    expect(trustedPartnerKey(keys)).toBeNull();
  });

  it('is none while the key-change warning is up, though the current key is pinned', () => {
    const keys = stateWhen(infoOf(partner), [inserted], [pinOf(partner)]);
    expect(keys.partnerKeyChanged).toBe(true);
    expect(trustedPartnerKey(keys)).toBeNull();
  });

  it('is none when the server offers again a key the partner rotated away from', () => {
    const pins = [pinOf(partner), pinOf(partnerNext, 'signed-rotation', [partner.keyId])];
    const keys = stateWhen(infoOf(partner), [], pins);
    expect(keys.partnerKeyChanged).toBe(true);
    expect(trustedPartnerKey(keys)).toBeNull();
  });
});
