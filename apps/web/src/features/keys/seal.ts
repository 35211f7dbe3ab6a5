import type { SealedNoteInput } from '@couple/protocol';
import {
  KEY_TEXTS,
  TEXTS,
  encryptNote,
  sealNoteV2,
  type IdentityKeys,
  type NoteContext,
} from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';
import type { KeyState } from './key-state.js';

/** A note could not be sealed; its message is for the person writing it. */
export class NoteSealError extends Error {}

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

/**
 * Seals a note as the server takes it: v2 to the partner's and the writer's keys, or v1 from the
 * two ids. Never falls back to plain text: a failure is a NoteSealError.
 */
export async function sealNoteWith(
  seal: NoteSeal,
  note: string,
  context: NoteContext,
): Promise<SealedNoteInput> {
  if (seal.kind === 'needs-device') throw new NoteSealError(KEY_TEXTS.noteNeedsDevice);
  try {
    if (seal.kind === 'legacy') {
      const { ciphertext, iv, salt, version } = await encryptNote(
        note,
        context.senderId,
        context.receiverId,
      );
      return { content: ciphertext, encryptionData: { iv, salt, version } };
    }
    const sealed = await sealNoteV2({
      ...context,
      note,
      senderIdentity: seal.identity,
      partnerPublicKey: seal.partnerPublicKey,
    });
    return { content: sealed.noteEncrypted, encryptionData: sealed.encryptionData };
  } catch (error) {
    logClientError('encrypt', `${TEXTS.encryptFailed}: ${String(error)}`);
    throw new NoteSealError(TEXTS.encryptFailed);
  }
}
