import type { AccountData, AnswerChoice, DesireAnswer, Message } from '@couple/protocol';
import { answerNote, desireNote, type SealedNote } from '../../notes/open-note.js';

/** The version of the exported file's format (docs/export-format.md); raised on any change. */
export const EXPORT_FORMAT_VERSION = 7;

/** Opens one note on this device: its text, or null when there is none to show. */
export type OpenNote = (sealed: SealedNote) => Promise<string | null>;

export interface ExportedAnswer {
  choice: AnswerChoice;
  answered_at: string;
  /** The answer's note as written, opened on the device; null when there is none or it cannot be. */
  note: string | null;
  noteUnavailable?: string;
}

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
  /** The receiver's answer, if the desire has one. */
  answer?: ExportedAnswer;
}

export interface ExportFile {
  formatVersion: typeof EXPORT_FORMAT_VERSION;
  exportedAt: string;
  profile: AccountData['profile'];
  pairings: AccountData['pairings'];
  desires: ExportedDesire[];
  /** What the server keeps to run the account (format 3), as it answers it. */
  signedInDevices: AccountData['sessions'];
  identityKeys: AccountData['identity_keys'];
  deviceLinks: AccountData['device_links'];
  pairingCodes: AccountData['pairing_codes'];
  pushSubscription: AccountData['push_subscription'];
  miniAppNotifications: AccountData['notification_links'];
  quietHours: AccountData['quiet_hours'];
  debugLogs: AccountData['debug_logs'];
  emailLinks: AccountData['email_links'];
  /** "Thinking of you", sent and received (format 5), in time order. */
  thoughts: AccountData['thoughts'];
  /** The person's wishes, sealed as the server holds them (format 5; the backup, format 7). */
  wishes: AccountData['wishes'];
}

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'could not be decrypted';
}

/** The note's text, or null with the reason it is not given. */
async function openForExport(
  sealed: SealedNote,
  openNote: OpenNote,
): Promise<{ note: string | null; noteUnavailable?: string }> {
  if (!sealed.encrypted) return { note: sealed.note };
  try {
    const note = await openNote(sealed);
    return note === null
      ? { note: null, noteUnavailable: 'could not be decrypted on this device' }
      : { note };
  } catch (error) {
    return { note: null, noteUnavailable: reasonOf(error) };
  }
}

async function exportAnswer(
  message: Message,
  answer: DesireAnswer,
  openNote: OpenNote,
): Promise<ExportedAnswer> {
  return {
    choice: answer.choice,
    answered_at: answer.updated_at,
    ...(await openForExport(answerNote(message, answer), openNote)),
  };
}

async function exportDesire(
  message: Message,
  direction: ExportedDesire['direction'],
  answer: DesireAnswer | undefined,
  openNote: OpenNote,
): Promise<ExportedDesire> {
  return {
    id: message.id,
    direction,
    sender_id: message.sender_id,
    receiver_id: message.receiver_id,
    intensity: message.intensity,
    urgency: message.urgency,
    created_at: message.created_at,
    read_at: message.read_at,
    ...(await openForExport(desireNote(message), openNote)),
    ...(answer ? { answer: await exportAnswer(message, answer, openNote) } : {}),
  };
}

/**
 * The downloaded file: what the server holds, with each encrypted note opened here through
 * openNote (the server cannot open them), and each desire with its answer. A note that cannot
 * be opened stays in the file as `note: null` with the reason. Desires are in time order, sent
 * and received together; the account's records follow as the server gives them.
 */
export async function buildExport(
  data: AccountData,
  openNote: OpenNote,
  now: Date = new Date(),
): Promise<ExportFile> {
  const answers = new Map(data.answers.map((answer) => [answer.message_id, answer]));
  const exportOne = (message: Message, direction: ExportedDesire['direction']) =>
    exportDesire(message, direction, answers.get(message.id), openNote);
  const desires = await Promise.all([
    ...data.sent.map((message) => exportOne(message, 'sent')),
    ...data.received.map((message) => exportOne(message, 'received')),
  ]);
  desires.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  return {
    formatVersion: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    profile: data.profile,
    pairings: data.pairings,
    desires,
    signedInDevices: data.sessions,
    identityKeys: data.identity_keys,
    deviceLinks: data.device_links,
    pairingCodes: data.pairing_codes,
    pushSubscription: data.push_subscription,
    miniAppNotifications: data.notification_links,
    quietHours: data.quiet_hours,
    debugLogs: data.debug_logs,
    emailLinks: data.email_links,
    thoughts: data.thoughts,
    wishes: data.wishes,
  };
}
