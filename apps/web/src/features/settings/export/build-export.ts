import type { AccountData, Message } from '@couple/protocol';

/** The version of the exported file's format (docs/export-format.md); raised on any change. */
export const EXPORT_FORMAT_VERSION = 1;

/** Opens one note on this device: its text, or null when there is none to show. */
export type OpenNote = (message: Message) => Promise<string | null>;

export interface ExportedDesire {
  id: string;
  direction: 'sent' | 'received';
  sender_id: string;
  receiver_id: string;
  intensity: number;
  urgency: number;
  created_at: string;
  read_at: string | null;
  /** The note as written, opened on the device; null when there is none or it cannot be opened. */
  note: string | null;
  /** Why an encrypted note is not given (only present then). */
  noteUnavailable?: string;
}

export interface ExportFile {
  formatVersion: typeof EXPORT_FORMAT_VERSION;
  exportedAt: string;
  profile: AccountData['profile'];
  pairings: AccountData['pairings'];
  desires: ExportedDesire[];
}

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'could not be decrypted';
}

async function exportDesire(
  message: Message,
  direction: ExportedDesire['direction'],
  openNote: OpenNote,
): Promise<ExportedDesire> {
  const base = {
    id: message.id,
    direction,
    sender_id: message.sender_id,
    receiver_id: message.receiver_id,
    intensity: message.intensity,
    urgency: message.urgency,
    created_at: message.created_at,
    read_at: message.read_at,
  };
  if (!message.encrypted) return { ...base, note: message.note };
  try {
    const note = await openNote(message);
    return note === null
      ? { ...base, note: null, noteUnavailable: 'could not be decrypted on this device' }
      : { ...base, note };
  } catch (error) {
    return { ...base, note: null, noteUnavailable: reasonOf(error) };
  }
}

/**
 * The downloaded file: what the server holds, with each encrypted note opened here through
 * openNote (the server cannot open them). A note that cannot be opened stays in the file as
 * `note: null` with the reason. Desires are in time order, sent and received together.
 */
export async function buildExport(
  data: AccountData,
  openNote: OpenNote,
  now: Date = new Date(),
): Promise<ExportFile> {
  const desires = await Promise.all([
    ...data.sent.map((message) => exportDesire(message, 'sent', openNote)),
    ...data.received.map((message) => exportDesire(message, 'received', openNote)),
  ]);
  desires.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  return {
    formatVersion: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    profile: data.profile,
    pairings: data.pairings,
    desires,
  };
}
