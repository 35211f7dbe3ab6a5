import { describe, expect, it } from 'vitest';
import { createIdentity, sealNoteV2, type Identity } from '@couple/protocol';
import type { ActiveKeys } from '../keys/active-keys.js';
import { runSignOutHooks } from '../../lib/sign-out-hooks.js';
import { openNote, type SealedNote } from './open-note.js';

const context = { messageId: 'message-1', senderId: 'bob', receiverId: 'alice' };

async function sealedBy(sender: Identity, to: Identity, id: string): Promise<SealedNote> {
  const sealed = await sealNoteV2({
    ...context,
    note: 'meet me at eight',
    senderIdentity: sender,
    partnerPublicKey: to.publicKey,
  });
  return {
    id,
    encrypted: true,
    note: null,
    note_encrypted: sealed.noteEncrypted,
    encryption_data: sealed.encryptionData,
    context,
  };
}

function keysOf(alice: Identity, pinned: Identity[], history: Identity[]): ActiveKeys {
  const entries = (list: Identity[]) => list.map((key) => [key.keyId, key.publicKey] as const);
  return {
    version: 1,
    loaded: true,
    identities: [alice],
    publicKeys: new Map(entries([alice, ...pinned, ...history])),
    trustedSenders: new Map(entries([alice, ...pinned])),
  };
}

describe('opening a note: who sealed it', () => {
  it('shows a note sealed by a pinned partner key as end-to-end', async () => {
    const [alice, bob] = await Promise.all([createIdentity(), createIdentity()]);
    const note = await sealedBy(bob, alice, 'pinned');
    expect(await openNote(note, keysOf(alice, [bob], []))).toEqual({
      kind: 'e2e',
      text: 'meet me at eight',
    });
  });

  it('never shows a note sealed by a key only the server’s history names as end-to-end', async () => {
    const [alice, bob, forged] = await Promise.all([
      createIdentity(),
      createIdentity(),
      createIdentity(),
    ]);
    const note = await sealedBy(forged, alice, 'forged');
    const view = await openNote(note, keysOf(alice, [bob], [forged]));
    expect(view).toEqual({ kind: 'unconfirmed', keyId: forged.keyId, text: 'meet me at eight' });
  });

  it('still names the key of a note whose sealer is not known at all', async () => {
    const [alice, stranger] = await Promise.all([createIdentity(), createIdentity()]);
    const view = await openNote(await sealedBy(stranger, alice, 'unknown'), keysOf(alice, [], []));
    expect(view).toEqual({ kind: 'unconfirmed', keyId: stranger.keyId, text: null });
  });
});

describe('the opened notes at sign-out', () => {
  it('keeps each opened note for the session, and forgets them all at sign-out', async () => {
    const [alice, bob] = await Promise.all([createIdentity(), createIdentity()]);
    const note = await sealedBy(bob, alice, 'kept');
    const keys = keysOf(alice, [bob], []);
    const opened = openNote(note, keys);
    expect(openNote(note, keys)).toBe(opened);

    await runSignOutHooks(null);

    const reopened = openNote(note, keys);
    expect(reopened).not.toBe(opened);
    expect(await reopened).toEqual(await opened);
  });
});
