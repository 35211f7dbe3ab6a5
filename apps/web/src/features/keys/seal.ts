import type { IdentityKeys } from '@couple/protocol/browser';
import type { KeyState } from './key-state.js';

/**
 * How a note is sealed: end-to-end (v2) once both partners have keys; the older v1 format while
 * the partner has none; not at all when the account's key is missing on this device, since the
 * server then refuses a v1 note.
 */
export type NoteSeal =
  | { kind: 'e2e'; identity: IdentityKeys; partnerPublicKey: string }
  | { kind: 'legacy' }
  | { kind: 'needs-device' };

/**
 * End-to-end once both partners have keys and this device holds the account's; the older format
 * while the partner has no key (or nothing is known yet: the server then decides).
 */
export function noteSealOf(state: KeyState | null): NoteSeal {
  if (!state?.partner || !state.own) return { kind: 'legacy' };
  if (!state.current) return { kind: 'needs-device' };
  return { kind: 'e2e', identity: state.current, partnerPublicKey: state.partner.public_key };
}
