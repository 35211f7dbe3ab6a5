import type { Message } from '@couple/protocol';
import { TEXTS, encryptNote } from '@couple/protocol/browser';
import { api, type OutgoingDesire } from '../../lib/api.js';
import { SEND_ACK_TIMEOUT_MS } from '../../lib/constants.js';
import { logClientError } from '../../lib/client-errors.js';
import { LiveAckError, emitLive } from '../../lib/live.js';
import { uuid } from '../../lib/uuid.js';

export interface DesireDraft {
  userId: string;
  partnerId: string;
  intensity: number;
  urgency: number;
  note: string;
}

/** The SPEC §3 live shape; the note encrypted (v1), or plain and not encrypted if that fails. */
export async function buildDesire(draft: DesireDraft): Promise<OutgoingDesire> {
  const note = draft.note.trim();
  const desire: OutgoingDesire = {
    id: uuid(),
    receiverId: draft.partnerId,
    intensity: draft.intensity,
    urgency: String(draft.urgency),
    content: note === '' ? null : note,
    encrypted: false,
    encryptionData: null,
  };
  if (note === '') return desire;
  try {
    const { ciphertext, iv, salt, version } = await encryptNote(
      note,
      draft.userId,
      draft.partnerId,
    );
    return {
      ...desire,
      content: ciphertext,
      encrypted: true,
      encryptionData: { iv, salt, version },
    };
  } catch (error) {
    logClientError('encrypt', `${TEXTS.encryptFailed}: ${String(error)}`);
    return desire;
  }
}

/**
 * Sends over the live channel and resolves once the server acknowledged the stored row. A dead
 * socket or a missing acknowledgement falls back to POST /api/messages with the same id, so the
 * desire is stored once at most; a refusal by the server is final.
 */
export async function sendDesire(draft: DesireDraft): Promise<Message> {
  const desire = await buildDesire(draft);
  try {
    return (await emitLive('send_message', desire, SEND_ACK_TIMEOUT_MS)).message;
  } catch (error) {
    if (error instanceof LiveAckError) throw error;
    logClientError('send_message', error);
    return (await api.sendMessage(desire)).message;
  }
}
