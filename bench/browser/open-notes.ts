/**
 * Runs in Chromium (bundled by bench/open-notes.ts): seals `count` notes of each format for one
 * couple, then times opening them all as the inbox does (all at once), v2 beside v1 in the
 * same page. Only the opening is timed.
 */
import {
  createIdentity,
  decryptNote,
  encryptNote,
  openNoteV2,
  sealNoteV2,
  type EncryptedNote,
  type SealedNoteV2,
} from '../../packages/protocol/src/browser.js';

export interface OpenNotesResult {
  count: number;
  v2Ms: number;
  v1Ms: number;
  v2Opened: number;
  v1Opened: number;
}

async function run(count: number): Promise<OpenNotesResult> {
  const [sender, receiver] = [await createIdentity(), await createIdentity()];
  const senderId = crypto.randomUUID();
  const receiverId = crypto.randomUUID();
  const note = 'see you tonight, just us two';
  const ids = Array.from({ length: count }, () => crypto.randomUUID());

  const sealed: SealedNoteV2[] = [];
  for (const messageId of ids) {
    sealed.push(
      await sealNoteV2({
        note,
        messageId,
        senderId,
        receiverId,
        senderIdentity: sender,
        partnerPublicKey: receiver.publicKey,
      }),
    );
  }
  const legacy: EncryptedNote[] = [];
  for (let index = 0; index < count; index += 1) {
    legacy.push(await encryptNote(note, senderId, receiverId));
  }

  const v2Start = performance.now();
  const v2 = await Promise.all(
    sealed.map((item, index) =>
      openNoteV2({
        ...item,
        messageId: ids[index]!,
        senderId,
        receiverId,
        myIdentity: receiver,
        senderPublicKey: sender.publicKey,
      }),
    ),
  );
  const v2Ms = performance.now() - v2Start;

  const v1Start = performance.now();
  const v1 = await Promise.all(legacy.map((item) => decryptNote(item, receiverId, senderId)));
  const v1Ms = performance.now() - v1Start;

  return {
    count,
    v2Ms,
    v1Ms,
    v2Opened: v2.filter((text) => text === note).length,
    v1Opened: v1.filter((text) => text === note).length,
  };
}

(globalThis as { runOpenNotes?: typeof run }).runOpenNotes = run;
