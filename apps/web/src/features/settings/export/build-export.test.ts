import { TEXTS } from '@couple/protocol/browser';
import { describe, expect, it } from 'vitest';
import type { AccountData, DesireAnswer, Message } from '@couple/protocol';
import { ENCRYPTION_VERSION, encryptNote } from '@couple/protocol/browser';
import { EXPORT_FORMAT_VERSION, buildExport } from './build-export.js';
import { openNoteForExport } from './open-note.js';

const ME = '11111111-1111-4111-8111-111111111111';
const PARTNER = '22222222-2222-4222-8222-222222222222';

function message(overrides: Partial<Message>): Message {
  return {
    id: crypto.randomUUID(),
    sender_id: ME,
    receiver_id: PARTNER,
    intensity: 7,
    urgency: 3,
    encrypted: false,
    note: null,
    note_encrypted: null,
    encryption_data: null,
    read_at: null,
    is_read: false,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

async function v1(note: string, overrides: Partial<Message>): Promise<Message> {
  const { ciphertext, iv, salt } = await encryptNote(note, ME, PARTNER);
  const data = { iv, salt, version: ENCRYPTION_VERSION as typeof ENCRYPTION_VERSION };
  return message({
    encrypted: true,
    note_encrypted: ciphertext,
    encryption_data: data,
    ...overrides,
  });
}

const v2 = message({
  encrypted: true,
  note_encrypted: 'c2VjcmV0',
  encryption_data: {
    version: 2,
    iv: 'AAECAwQFBgcICQoL',
    sender_key_id: 'k'.repeat(22),
    recipients: [{ key_id: 'r'.repeat(22), enc: 'e', wrapped_key: 'w' }],
  },
  sender_id: PARTNER,
  receiver_id: ME,
  created_at: '2026-11-03T10:00:00.000Z',
});

const RECORDS = {
  sessions: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      user_agent: 'Firefox',
      created_at: '2026-10-01T00:00:00.000Z',
      last_seen_at: '2026-11-20T00:00:00.000Z',
      refreshed_at: null,
      revoked_at: null,
      revoked_reason: null,
    },
  ],
  identity_keys: [],
  device_links: [],
  pairing_codes: [],
  push_subscription: { endpoint: 'https://push.example/abc', updated_at: '2026-10-03T00:00:00Z' },
  notification_links: [],
  quiet_hours: { start: '22:00', end: '07:00', time_zone: 'Europe/Paris', updated_at: 'x' },
  debug_logs: [],
  thoughts: [],
  email_links: [],
  wishes: { items: [], rounds: [], matches: null, backup: null },
} satisfies Partial<AccountData>;

function account(sent: Message[], received: Message[], answers: DesireAnswer[] = []): AccountData {
  return {
    profile: {
      id: ME,
      email: 'me@example.com',
      username: 'me',
      auth_method: 'email',
      farcaster_id: null,
      farcaster_username: null,
      email_confirmed_at: null,
      locale: 'fr',
      created_at: '2026-10-01T00:00:00.000Z',
    },
    pairings: [
      {
        partner_id: PARTNER,
        partner_username: 'you',
        connected_at: '2026-10-02T00:00:00.000Z',
        ended_at: null,
        ended_by_me: null,
      },
    ],
    sent,
    received,
    answers,
    ...RECORDS,
  };
}

describe('buildExport', () => {
  it('opens v1 notes on the device, keeps plain ones, and marks what it cannot open', async () => {
    const plain = message({ note: 'plain words', created_at: '2026-11-02T10:00:00.000Z' });
    const secret = await v1('tonight?', { created_at: '2026-11-01T10:00:00.000Z' });
    const file = await buildExport(
      account([plain, secret], [v2]),
      openNoteForExport,
      new Date('2026-11-23T00:00:00.000Z'),
    );
    expect(file.formatVersion).toBe(EXPORT_FORMAT_VERSION);
    expect(file.exportedAt).toBe('2026-11-23T00:00:00.000Z');
    expect(file.profile.email).toBe('me@example.com');
    expect(file.profile.locale).toBe('fr');
    expect(file.pairings).toHaveLength(1);
    expect(file.desires.map((d) => [d.direction, d.note])).toEqual([
      ['sent', 'tonight?'],
      ['sent', 'plain words'],
      ['received', null],
    ]);
    expect(file.desires[2]).toMatchObject({
      id: v2.id,
      // The fixture's v2 data is not a real seal: the inbox's opener calls it undecryptable.
      noteUnavailable: TEXTS.decryptFailed,
    });
    expect(file.desires[0]).not.toHaveProperty('noteUnavailable');
    expect(JSON.stringify(file)).not.toContain(v2.note_encrypted);
  });

  it('goes through the opener it is given, and keeps a note it fails on', async () => {
    const secret = await v1('tonight?', {});
    const opened: string[] = [];
    const file = await buildExport(account([secret], [v2]), async (m) => {
      opened.push(m.id);
      if (m.id === v2.id) throw new Error('no identity key on this device');
      return 'opened elsewhere';
    });
    expect(opened.sort()).toEqual([secret.id, v2.id].sort());
    expect(file.desires).toEqual([
      expect.objectContaining({ id: secret.id, note: 'opened elsewhere' }),
      expect.objectContaining({
        id: v2.id,
        note: null,
        noteUnavailable: 'no identity key on this device',
      }),
    ]);
  });

  it('marks a note the opener returns null for, and a wrong v1 key as unavailable', async () => {
    const secret = await v1('tonight?', { sender_id: PARTNER, receiver_id: ME });
    const swapped = {
      ...secret,
      sender_id: ME,
      receiver_id: '33333333-3333-4333-8333-333333333333',
    };
    const file = await buildExport(account([swapped], []), openNoteForExport);
    expect(file.desires[0]).toMatchObject({ note: null, noteUnavailable: expect.any(String) });
    const none = await buildExport(account([secret], []), async () => null);
    expect(none.desires[0]).toMatchObject({ note: null, noteUnavailable: expect.any(String) });
  });

  it('exports each answer with its note opened as the answer (not as the desire)', async () => {
    const asked = message({ sender_id: PARTNER, receiver_id: ME });
    const { ciphertext, iv, salt } = await encryptNote('yes please', ME, PARTNER);
    const answered: DesireAnswer = {
      message_id: asked.id,
      choice: 'in',
      note_encrypted: ciphertext,
      encryption_data: { iv, salt, version: ENCRYPTION_VERSION },
      updated_at: '2026-11-04T10:00:00.000Z',
    };
    const unanswered = message({});
    const file = await buildExport(account([unanswered], [asked], [answered]), openNoteForExport);
    const byId = new Map(file.desires.map((d) => [d.id, d]));
    expect(byId.get(asked.id)?.answer).toEqual({
      choice: 'in',
      answered_at: '2026-11-04T10:00:00.000Z',
      note: 'yes please',
    });
    expect(byId.get(unanswered.id)).not.toHaveProperty('answer');
    expect(JSON.stringify(file)).not.toContain(ciphertext);
  });

  it('carries the account’s records as the server gives them', async () => {
    const file = await buildExport(account([], []), openNoteForExport);
    expect(file).toMatchObject({
      signedInDevices: RECORDS.sessions,
      pushSubscription: RECORDS.push_subscription,
      quietHours: RECORDS.quiet_hours,
      identityKeys: [],
      debugLogs: [],
    });
  });
});
