import { describe, expect, it } from 'vitest';
import { statementName } from './postgres.js';

describe('prepared statement names', () => {
  it('gives one text one name, and stops naming new texts after 500', () => {
    const first = statementName('SELECT 1');
    expect(first).toMatch(/^s\d+$/);
    expect(statementName('SELECT 1')).toBe(first);
    for (let i = 0; i < 600; i += 1) statementName(`SELECT ${i} AS "c${i}"`);
    expect(statementName('SELECT 1')).toBe(first);
    expect(statementName('SELECT 999999 AS never_named')).toBeUndefined();
  });
});
