import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEY_TEXTS, createIdentity, decryptNote, openNoteV2 } from '@couple/protocol';
import { NoteSealError } from '../keys/seal.js';
import { buildDesire } from './send.js';

const draft = {
  userId: '11111111-1111-4111-8111-111111111111',
  partnerId: '22222222-2222-4222-8222-222222222222',
  intensity: 7,
  urgency: 3,
  note: '  see you tonight  ',
  seal: { kind: 'legacy' },
} as const;

afterEach(() => vi.restoreAllMocks());

describe('buildDesire', () => {
  it('encrypts the trimmed note for the partner (v1) and sends urgency as a string', async () => {
    const desire = await buildDesire(draft);
    expect(desire).toMatchObject({
      receiverId: draft.partnerId,
      intensity: 7,
      urgency: '3',
      encrypted: true,
    });
    expect(desire.id).toMatch(/^[0-9a-f-]{36}$/);
    const data = desire.encryptionData;
    if (!data || !('salt' in data) || !desire.content) throw new Error('not encrypted with v1');
    const note = await decryptNote(
      { ciphertext: desire.content, ...data },
      draft.partnerId,
      draft.userId,
    );
    expect(note).toBe('see you tonight');
  });

  it('sends no note when it is empty', async () => {
    const desire = await buildDesire({ ...draft, note: '   ' });
    expect(desire).toMatchObject({ content: null, encrypted: false, encryptionData: null });
  });

  it('seals end-to-end (v2) for both keys, which open it, and never falls back to plain', async () => {
    const [mine, partners] = await Promise.all([createIdentity(), createIdentity()]);
    const seal = { kind: 'e2e', identity: mine, partnerPublicKey: partners.publicKey } as const;
    const desire = await buildDesire({ ...draft, seal });
    expect(desire).toMatchObject({ encrypted: true, encryptionData: { version: 2 } });
    const context = {
      messageId: desire.id!,
      senderId: draft.userId,
      receiverId: draft.partnerId,
      noteEncrypted: desire.content!,
      encryptionData: desire.encryptionData,
      senderPublicKey: mine.publicKey,
    };
    expect(await openNoteV2({ ...context, myIdentity: partners })).toBe('see you tonight');
    expect(await openNoteV2({ ...context, myIdentity: mine })).toBe('see you tonight');

    vi.spyOn(globalThis.crypto.subtle, 'encrypt').mockRejectedValue(new Error('no crypto'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(buildDesire({ ...draft, seal })).rejects.toThrow(NoteSealError);
  });

  it('refuses a note when the account key is missing on this device', async () => {
    await expect(buildDesire({ ...draft, seal: { kind: 'needs-device' } })).rejects.toThrow(
      KEY_TEXTS.noteNeedsDevice,
    );
    const empty = await buildDesire({ ...draft, note: '', seal: { kind: 'needs-device' } });
    expect(empty).toMatchObject({ content: null, encrypted: false });
  });

  it('falls back to plain text, not encrypted, when encryption fails', async () => {
    vi.spyOn(globalThis.crypto.subtle, 'encrypt').mockRejectedValue(new Error('no crypto'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const desire = await buildDesire(draft);
    expect(desire).toMatchObject({
      content: 'see you tonight',
      encrypted: false,
      encryptionData: null,
    });
  });
});
