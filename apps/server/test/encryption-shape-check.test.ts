import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, createTestDatabase, type TestDatabase } from './helpers/database.js';

/** messages_encryption_shape as migration 010 wrote it, before 029 moved it into a function. */
const RULE_OF_010 = `CASE
  WHEN $1 THEN $2::text IS NULL AND $3::text IS NOT NULL AND jsonb_typeof($4) = 'object'
    AND CASE $4 ->> 'version'
      WHEN '1' THEN char_length($4 ->> 'iv') = 16 AND char_length($4 ->> 'salt') = 24
      WHEN '2' THEN coalesce(char_length($4 ->> 'iv') = 16, false)
        AND coalesce(char_length($4 ->> 'sender_key_id') = 22, false)
        AND CASE WHEN jsonb_typeof($4 -> 'recipients') = 'array'
          THEN jsonb_array_length($4 -> 'recipients') BETWEEN 1 AND 2 ELSE false END
      ELSE false
    END
  ELSE $3::text IS NULL AND $4 IS NULL
END`;

const v1 = { version: '1', iv: 'a'.repeat(16), salt: 'b'.repeat(24) };
const v2 = { version: '2', iv: 'a'.repeat(16), sender_key_id: 'k'.repeat(22), recipients: [{}] };
/** [encrypted, note, note_encrypted, encryption_data] */
const CASES: [boolean, string | null, string | null, object | null][] = [
  [false, 'plain', null, null],
  [false, null, null, null],
  [false, 'plain', 'sealed', null],
  [false, null, null, v1],
  [true, null, 'sealed', v1],
  [true, null, 'sealed', { ...v1, iv: 'short' }],
  [true, null, 'sealed', { ...v1, salt: null }],
  [true, 'plain', 'sealed', v1],
  [true, null, null, v1],
  [true, null, 'sealed', v2],
  [true, null, 'sealed', { ...v2, recipients: [] }],
  [true, null, 'sealed', { ...v2, recipients: [{}, {}, {}] }],
  [true, null, 'sealed', { ...v2, recipients: {} }],
  [true, null, 'sealed', { ...v2, sender_key_id: undefined }],
  [true, null, 'sealed', { ...v2, version: '3' }],
  [true, null, 'sealed', ['not', 'an', 'object']],
  [true, null, 'sealed', null],
];

describe.each(DRIVERS)('messages_encryption_shape as a function (%s)', (driver) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.drop());

  it('accepts and refuses exactly what the CHECK of migration 010 did', async () => {
    const before: (boolean | null)[] = [];
    const now: (boolean | null)[] = [];
    for (const [encrypted, note, noteEncrypted, data] of CASES) {
      const { rows } = await database.db.query<{ before: boolean | null; now: boolean | null }>(
        `SELECT (${RULE_OF_010}) AS before, messages_encryption_shape_ok($1, $2, $3, $4) AS now`,
        [encrypted, note, noteEncrypted, data === null ? null : JSON.stringify(data)],
      );
      before.push(rows[0]!.before);
      now.push(rows[0]!.now);
    }
    expect(now).toEqual(before);
    // The table holds rows of both kinds (and one the rule lets through as unknown).
    expect(now.filter((ok) => ok === true)).toHaveLength(4);
    expect(now.filter((ok) => ok === false).length).toBeGreaterThan(8);
  });

  it('still refuses a badly shaped row on INSERT, by the same constraint name', async () => {
    await expect(
      database.db.query(
        `INSERT INTO messages (sender_id, receiver_id, intensity, urgency, encrypted, note_encrypted,
                               encryption_data)
         VALUES (gen_random_uuid(), gen_random_uuid(), 5, 5, true, 'sealed', '{"version": "3"}')`,
      ),
    ).rejects.toThrow(/messages_encryption_shape/);
  });
});
