import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DRIVERS, type TestDatabase } from './helpers/database.js';

/** The five CHECK expressions of migration 001 that migration 033 folded into messages_values. */
const RULES_OF_001 = `($1::uuid <> $2::uuid) AND ($3::smallint BETWEEN 0 AND 10)
  AND ($4::smallint BETWEEN 0 AND 10) AND (char_length($5::text) BETWEEN 1 AND 200)
  AND (char_length($6::text) BETWEEN 1 AND 824)`;

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
/** sender, receiver, intensity, urgency, note, note_encrypted */
const CASES: [string, string, number, number, string | null, string | null][] = [
  [A, B, 0, 10, 'hi', null],
  [A, B, 10, 0, null, 'x'.repeat(824)],
  [A, B, 5, 5, null, null],
  [A, B, 5, 5, 'n'.repeat(200), null],
  [A, A, 5, 5, 'hi', null],
  [A, B, -1, 5, 'hi', null],
  [A, B, 11, 5, null, null],
  [A, B, 5, -1, null, null],
  [A, B, 5, 11, 'hi', null],
  [A, B, 5, 5, '', null],
  [A, B, 5, 5, 'n'.repeat(201), null],
  [A, B, 5, 5, null, ''],
  [A, B, 5, 5, null, 'x'.repeat(825)],
];

describe.each(DRIVERS)('messages_values as a function (%s)', (driver) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.drop());

  it('accepts and refuses exactly what the CHECKs of migration 001 did', async () => {
    const before: (boolean | null)[] = [];
    const now: (boolean | null)[] = [];
    for (const values of CASES) {
      const { rows } = await database.db.query<{ before: boolean | null; now: boolean | null }>(
        `SELECT (${RULES_OF_001}) AS before,
                messages_values_ok($1, $2, $3::smallint, $4::smallint, $5, $6) AS now`,
        values,
      );
      before.push(rows[0]!.before);
      now.push(rows[0]!.now);
    }
    expect(now).toEqual(before);
    expect(now.filter((ok) => ok === false)).toHaveLength(9);
  });

  it('refuses a bad row on INSERT with a check violation', async () => {
    await expect(
      database.db.query(
        `INSERT INTO messages (sender_id, receiver_id, intensity, urgency, note)
         VALUES (gen_random_uuid(), gen_random_uuid(), 11, 5, 'hi')`,
      ),
    ).rejects.toMatchObject({ code: '23514', message: expect.stringMatching(/messages_values/) });
  });
});
