import { KEY_TEXTS, TEXTS } from '@couple/protocol/browser';
import { openNote, type SealedNote } from '../../notes/open-note.js';

/**
 * The export opens notes exactly as the inbox does (features/notes/open-note.ts): v1 from the two
 * ids, v2 with this device's keys. A note it cannot open throws, and the export keeps the reason.
 */
export async function openNoteForExport(sealed: SealedNote): Promise<string | null> {
  const view = await openNote(sealed);
  switch (view.kind) {
    case 'none':
      return null;
    case 'plain':
    case 'legacy':
    case 'e2e':
      return view.text;
    case 'locked':
      throw new Error(KEY_TEXTS.noteLocked);
    default:
      throw new Error(TEXTS.decryptFailed);
  }
}
