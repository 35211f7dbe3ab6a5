import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ANSWER_CHOICES,
  DEBUG_ERROR_MESSAGE_MAX,
  DEBUG_LOG_ENTRIES_KEPT,
  DEBUG_LOGS_LIMIT_MAX,
  EMAIL_MAX,
  ENCRYPTION_IV_BYTES,
  ENCRYPTION_SALT_BYTES,
  KEY_ID_B64URL_LENGTH,
  LINK_NONCE_BYTES,
  LOCALES,
  NOTE_CIPHERTEXT_BASE64_MAX,
  NOTE_IV_B64URL_LENGTH,
  NOTE_MAX,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_LIFETIME_MINUTES,
  PUBLIC_KEY_BYTES,
  RECIPIENTS_MAX,
  RECIPIENTS_MIN,
  ROTATION_SIGNATURE_BYTES,
  SCORE_MAX,
  SCORE_MIN,
  SEALED_PAYLOAD_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
  WISH_BACKUP_CONTENT_LENGTH,
  WISH_SEALED_CONTENT_MAX,
} from '@couple/protocol';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrationFiles } from './migrate.js';

/**
 * The SQL repeats protocol constants as literals (a CHECK or a function cannot import them):
 * each row is a file and the text it must contain, written from the constants. A change on
 * either side fails here until the other follows (a CHECK changes by a new migration; the row
 * then names that migration).
 */
const [BASELINE] = await migrationFiles();
const base64 = (bytes: number) => 4 * Math.ceil(bytes / 3);
const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
/** The last character of base64url, by how many of its bits are unused (zero). */
const LAST_CHARACTER: Record<number, string> = { 2: '[AEIMQUYcgkosw048]', 4: '[AQgw]' };
/** The pattern of `bytes` bytes in base64url without padding, from `^` on; `first` fixed. */
function base64url(bytes: number, first = '') {
  const length = Math.ceil((bytes * 8) / 6);
  const tail = length - 1 - first.length;
  return `'^${first}[A-Za-z0-9_-]{${tail}}${LAST_CHARACTER[length * 6 - bytes * 8]}$'`;
}
/** An uncompressed P-256 point: its first byte 0x04 makes the first character 'B'. */
const point = base64url(PUBLIC_KEY_BYTES, 'B');

const MIRRORS: { file: string; sql: string; of: string }[] = [
  { file: BASELINE!, sql: `char_length(email) <= ${EMAIL_MAX}`, of: 'EMAIL_MAX' },
  { file: BASELINE!, sql: `char_length(new_email) <= ${EMAIL_MAX}`, of: 'EMAIL_MAX' },
  {
    file: BASELINE!,
    sql: `char_length(username) BETWEEN ${USERNAME_MIN} AND ${USERNAME_MAX}`,
    of: 'USERNAME_MIN, USERNAME_MAX',
  },
  {
    file: BASELINE!,
    sql: `code ~ '^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$'`,
    of: 'PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH',
  },
  { file: BASELINE!, sql: `locale IN (${quoted(LOCALES)})`, of: 'LOCALES' },
  { file: BASELINE!, sql: `choice IN (${quoted(ANSWER_CHOICES)})`, of: 'ANSWER_CHOICES' },
  {
    file: BASELINE!,
    sql: `char_length(error_message) <= ${DEBUG_ERROR_MESSAGE_MAX}`,
    of: 'DEBUG_ERROR_MESSAGE_MAX',
  },
  {
    file: BASELINE!,
    sql: `char_length(sealed_payload) <= ${SEALED_PAYLOAD_MAX}`,
    of: 'SEALED_PAYLOAD_MAX',
  },
  // The commitment is a SHA-256, as long as a nonce (keys.ts checks both with one length).
  ...['commitment', 'nonce', 'approver_nonce'].map((column) => ({
    file: BASELINE!,
    sql: `${column} ~ ${base64url(LINK_NONCE_BYTES)}`,
    of: 'LINK_NONCE_BYTES',
  })),
  { file: BASELINE!, sql: `approver_public_key ~ ${point}`, of: 'PUBLIC_KEY_BYTES' },
  ...['rotation_signature', 'predecessor_signature'].map((column) => ({
    file: BASELINE!,
    sql: `${column} ~ ${base64url(ROTATION_SIGNATURE_BYTES)}`,
    of: 'ROTATION_SIGNATURE_BYTES',
  })),
  {
    file: BASELINE!,
    sql: `char_length(content) = ${WISH_BACKUP_CONTENT_LENGTH}`,
    of: 'WISH_BACKUP_CONTENT_LENGTH',
  },
  {
    file: BASELINE!,
    sql: `key_id ~ '^[A-Za-z0-9_-]{${KEY_ID_B64URL_LENGTH}}$'`,
    of: 'KEY_ID_B64URL_LENGTH',
  },
  {
    file: 'repeatable/app_wish_blob_ok.sql',
    sql: `char_length(content) BETWEEN 1 AND ${WISH_SEALED_CONTENT_MAX}`,
    of: 'WISH_SEALED_CONTENT_MAX',
  },
  ...['intensity', 'urgency'].map((column) => ({
    file: 'repeatable/messages_values_ok.sql',
    sql: `p_${column} BETWEEN ${SCORE_MIN} AND ${SCORE_MAX}`,
    of: 'SCORE_MIN, SCORE_MAX',
  })),
  {
    file: 'repeatable/messages_values_ok.sql',
    sql: `char_length(p_note) BETWEEN 1 AND ${NOTE_MAX}`,
    of: 'NOTE_MAX',
  },
  {
    file: 'repeatable/messages_values_ok.sql',
    sql: `char_length(p_note_encrypted) BETWEEN 1 AND ${NOTE_CIPHERTEXT_BASE64_MAX}`,
    of: 'NOTE_CIPHERTEXT_BASE64_MAX',
  },
  ...[
    ['messages_encryption_shape_ok', 'pg_catalog.', 'p_data'],
    ['app_note_encryption_shape_ok', '', 'data'],
  ].flatMap(([name, schema, data]) => [
    {
      file: `repeatable/${name}.sql`,
      sql: `${schema}char_length(${data} ->> 'iv') = ${base64(ENCRYPTION_IV_BYTES)}`,
      of: 'ENCRYPTION_IV_BYTES (version 1)',
    },
    {
      file: `repeatable/${name}.sql`,
      sql: `${schema}char_length(${data} ->> 'salt') = ${base64(ENCRYPTION_SALT_BYTES)}`,
      of: 'ENCRYPTION_SALT_BYTES',
    },
    {
      file: `repeatable/${name}.sql`,
      sql: `coalesce(${schema}char_length(${data} ->> 'iv') = ${NOTE_IV_B64URL_LENGTH}, false)`,
      of: 'NOTE_IV_B64URL_LENGTH',
    },
    {
      file: `repeatable/${name}.sql`,
      sql: `${schema}char_length(${data} ->> 'sender_key_id') = ${KEY_ID_B64URL_LENGTH}`,
      of: 'KEY_ID_B64URL_LENGTH',
    },
    {
      file: `repeatable/${name}.sql`,
      sql: `${schema}jsonb_array_length(${data} -> 'recipients') BETWEEN ${RECIPIENTS_MIN} AND ${RECIPIENTS_MAX}`,
      of: 'RECIPIENTS_MIN, RECIPIENTS_MAX',
    },
  ]),
  { file: 'repeatable/app_is_p256_point.sql', sql: point, of: 'PUBLIC_KEY_BYTES' },
  {
    file: 'repeatable/log_debug.sql',
    sql: `ORDER BY id DESC LIMIT ${DEBUG_LOG_ENTRIES_KEPT}`,
    of: 'DEBUG_LOG_ENTRIES_KEPT',
  },
  {
    file: 'repeatable/log_debug.sql',
    sql: `left(p_error_message, ${DEBUG_ERROR_MESSAGE_MAX})`,
    of: 'DEBUG_ERROR_MESSAGE_MAX',
  },
  {
    file: 'repeatable/get_recent_debug_logs.sql',
    sql: `LIMIT least(greatest(coalesce(p_limit, 50), 1), ${DEBUG_LOGS_LIMIT_MAX})`,
    of: 'DEBUG_LOGS_LIMIT_MAX',
  },
  {
    file: 'repeatable/generate_pairing_code.sql',
    sql: `alphabet constant text := '${PAIRING_CODE_ALPHABET}'`,
    of: 'PAIRING_CODE_ALPHABET',
  },
  {
    file: 'repeatable/generate_pairing_code.sql',
    sql: `lifetime constant interval := interval '${PAIRING_CODE_LIFETIME_MINUTES} minutes'`,
    of: 'PAIRING_CODE_LIFETIME_MINUTES',
  },
  ...[
    `WHILE char_length(candidate) < ${PAIRING_CODE_LENGTH} LOOP`,
    `EXIT WHEN char_length(candidate) = ${PAIRING_CODE_LENGTH};`,
  ].map((sql) => ({
    file: 'repeatable/generate_pairing_code.sql',
    sql,
    of: 'PAIRING_CODE_LENGTH',
  })),
  ...[
    `byte_value % ${PAIRING_CODE_ALPHABET.length} + 1`,
    // The largest multiple of the alphabet's length in a byte: each letter equally likely.
    `CONTINUE WHEN byte_value >= ${256 - (256 % PAIRING_CODE_ALPHABET.length)};`,
  ].map((sql) => ({
    file: 'repeatable/generate_pairing_code.sql',
    sql,
    of: 'PAIRING_CODE_ALPHABET.length',
  })),
];

/** A file's SQL with its comments dropped and its white space folded, as it runs. */
function sqlOf(file: string): string {
  return readFileSync(join(MIGRATIONS_DIR, file), 'utf8')
    .replace(/--.*$/gm, '')
    .replace(/\s+/g, ' ');
}

describe('SQL literals that mirror a protocol constant', () => {
  it.each(MIRRORS)('$file: $of', ({ file, sql }) => {
    expect(sqlOf(file)).toContain(sql);
  });
});
