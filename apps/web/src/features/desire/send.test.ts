import { afterEach, describe, expect, it, vi } from 'vitest';
import { decryptNote } from '@couple/protocol';
import { buildDesire } from './send.js';

const draft = {
  userId: '11111111-1111-4111-8111-111111111111',
  partnerId: '22222222-2222-4222-8222-222222222222',
  intensity: 7,
  urgency: 3,
  note: '  see you tonight  ',
};

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
