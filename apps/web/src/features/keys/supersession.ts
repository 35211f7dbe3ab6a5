import type { PartnerKeyPin } from './keyring.js';

/**
 * The partner's keys this device no longer takes as their current key, each with when it was
 * superseded (docs/security.md, "Pinned partner keys"): by a signed rotation from it, by the
 * person accepting or verifying another key, or from its own pin when its successor vouched for
 * it (it was pinned as a replaced key). A superseded key still vouches for the notes it sealed;
 * offered as current again it is a key change, until the person accepts it again.
 */
export function supersededKeysOf(
  pins: readonly PartnerKeyPin[],
  partnerId: string,
): Map<string, string> {
  const superseded = new Map<string, string>();
  for (const pin of pins) {
    if (pin.partnerId !== partnerId) continue;
    if (pin.reason === 'accepted' || pin.reason === 'verified') superseded.delete(pin.keyId);
    // Pinned as the key its successor replaced: superseded from the start.
    if (pin.reason === 'vouched-by-successor' && !superseded.has(pin.keyId)) {
      superseded.set(pin.keyId, pin.pinnedAt);
    }
    for (const keyId of pin.supersedes) {
      if (keyId !== pin.keyId && !superseded.has(keyId)) superseded.set(keyId, pin.pinnedAt);
    }
  }
  return superseded;
}
