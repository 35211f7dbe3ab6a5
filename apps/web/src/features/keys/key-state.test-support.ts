import type { KeyHistoryAnswer, KeyInfo } from '@couple/protocol';
import type { Identity } from '@couple/protocol';
import type { DeviceKeyState, PartnerKeyPin } from './keyring.js';

/* Keys, history, pins and device state as the key-state tests build them. */

export const PARTNER_ID = '22222222-2222-4222-8222-222222222222';

export function infoOf(identity: Identity, previous: string | null = null): KeyInfo {
  return {
    public_key: identity.publicKey,
    key_id: identity.keyId,
    created_at: '2026-11-23T10:00:00.000Z',
    previous_key_id: previous,
  };
}

const UNSIGNED = { replaced_at: null, rotation_signature: null, predecessor_signature: null };

export const historyOf = (entries: KeyInfo[], partner: KeyInfo[] = []): KeyHistoryAnswer => ({
  own: entries.map((entry) => ({ ...entry, ...UNSIGNED })),
  partner: partner.map((entry) => ({ ...entry, ...UNSIGNED })),
});

export function pinOf(
  identity: Identity,
  reason: PartnerKeyPin['reason'] = 'first-use',
  supersedes: readonly string[] = [],
): PartnerKeyPin {
  return {
    partnerId: PARTNER_ID,
    keyId: identity.keyId,
    publicKey: identity.publicKey,
    reason,
    pinnedAt: '2026-11-23T10:00:00.000Z',
    supersedes,
  };
}

export function deviceOf(patch: Partial<DeviceKeyState> = {}): DeviceKeyState {
  return {
    userId: '11111111-1111-4111-8111-111111111111',
    acceptedPartnerKey: null,
    verifiedPair: null,
    phraseSavedForKeyId: null,
    ...patch,
  };
}
