import type { IdentityKeysAnswer, KeyHistoryAnswer, KeyInfo } from '@couple/protocol';
import type { Identity } from '@couple/protocol/browser';
import type { DeviceKeyState, PartnerKeyPin } from './keyring.js';
import { partnerKeyChangeOf, trustedKeysOf, type PinContext } from './pins.js';

/**
 * - `ready`: this device holds the account's current key.
 * - `create`: the account has no key and neither has this device: make one (first sign-in).
 * - `publish`: this device has a key the server lacks: publish it.
 * - `link`: the account has a key this device lacks: link, restore, or replace it.
 */
export type KeyStatus = 'ready' | 'create' | 'publish' | 'link';

export interface KeyState {
  status: KeyStatus;
  /** The device's identity for the account's current key. */
  current: Identity | null;
  own: KeyInfo | null;
  partner: KeyInfo | null;
  /** The partner's keys and this device's pins of them: what accepting a key works from. */
  pinContext: PinContext | null;
  /**
   * The partner's current key, or a key in their history, was never accepted on this device and
   * no trusted key signed it: the full key-change warning, before anything is sent. Never on a
   * device that holds no key of the account: it seals no note and pins nothing.
   */
  partnerKeyChanged: boolean;
  /**
   * The server names one of the account's own keys as the partner's: a key change that no
   * acceptance clears, since this device then holds no key of the partner's to seal to.
   */
  partnerKeyIsOwn: boolean;
  /** The partner rotated their key and their previous, trusted key signed it: a milder notice. */
  partnerKeyRotated: boolean;
  /** Keys a note may be sealed with to show as end-to-end: own identities and trusted pins. */
  trustedSenders: Map<string, string>;
  /** The user compared the safety number of the current pair of keys on this device. */
  verified: boolean;
  /** The recovery phrase of the current key has not been confirmed as written down here. */
  phraseUnsaved: boolean;
  publicKeys: Map<string, string>;
}

/** The account's keys: those this device holds and those the server lists as its own. */
export function ownKeyIdsOf(
  server: IdentityKeysAnswer,
  history: KeyHistoryAnswer,
  identities: readonly Identity[],
): Set<string> {
  return new Set([
    ...identities.map((identity) => identity.keyId),
    ...history.own.map((entry) => entry.key_id),
    ...(server.own ? [server.own.key_id] : []),
  ]);
}

export function deriveKeyState(
  server: IdentityKeysAnswer,
  history: KeyHistoryAnswer,
  identities: readonly Identity[],
  device: DeviceKeyState,
  partnerId: string | null,
  pins: readonly PartnerKeyPin[],
): KeyState {
  const own = server.own;
  const current = own
    ? (identities.find((identity) => identity.keyId === own.key_id) ?? null)
    : null;
  const status: KeyStatus = current
    ? 'ready'
    : own
      ? 'link'
      : identities.length > 0
        ? 'publish'
        : 'create';
  const partner = server.partner;
  const publicKeys = new Map<string, string>();
  for (const entry of [...history.own, ...history.partner]) {
    publicKeys.set(entry.key_id, entry.public_key);
  }
  for (const identity of identities) publicKeys.set(identity.keyId, identity.publicKey);
  if (partner) publicKeys.set(partner.key_id, partner.public_key);
  const ownKeyIds = ownKeyIdsOf(server, history, identities);
  const pinContext = partnerId
    ? { partnerId, partner, history: history.partner, pins, ownKeyIds }
    : null;
  // A device holding no key of the account seals no note and pins nothing (queries.ts): no
  // partner key change to warn of before a send, until it holds one.
  const change = pinContext && identities.length > 0 ? partnerKeyChangeOf(pinContext) : 'none';
  const partnerKeyIsOwn = pinContext?.partner ? ownKeyIds.has(pinContext.partner.key_id) : false;
  const trustedSenders = pinContext ? trustedKeysOf(pins, pinContext.partnerId) : new Map();
  for (const identity of identities) trustedSenders.set(identity.keyId, identity.publicKey);
  return {
    status,
    current,
    own,
    partner,
    pinContext,
    partnerKeyChanged: change === 'unsigned',
    partnerKeyIsOwn,
    partnerKeyRotated: change === 'signed',
    trustedSenders,
    verified:
      partner !== null &&
      own !== null &&
      !partnerKeyIsOwn &&
      device.verifiedPair === pairOf(own, partner),
    phraseUnsaved: current !== null && device.phraseSavedForKeyId !== current.keyId,
    publicKeys,
  };
}

/** The pair of keys a safety number is computed from, as remembered when verified. */
export function pairOf(own: KeyInfo, partner: KeyInfo): string {
  return `${own.key_id}:${partner.key_id}`;
}
