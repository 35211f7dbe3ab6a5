import { describe, expect, it } from 'vitest';
import { parseTimestamp } from './parsers.js';

/** The general path: what every timestamp went through before the text shortcut. */
function throughDate(text: string): string {
  const date = new Date(text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

describe('parseTimestamp', () => {
  it('gives what a Date gives for every precision PostgreSQL prints in UTC', () => {
    const samples = [
      '2026-11-21 10:55:02+00',
      '2026-11-21 10:55:02.1+00',
      '2026-11-21 10:55:02.12+00',
      '2026-11-21 10:55:02.123+00',
      '2026-11-21 10:55:02.1239+00',
      '2026-11-21 10:55:02.99999+00',
      '2026-11-21 23:59:59.999999+00',
      '0001-01-01 00:00:00+00',
      '2000-02-29 12:00:00.5+00',
    ];
    for (let i = 0; i < 500; i += 1) {
      const ms = Math.floor(Math.random() * 4102444800000);
      const micros = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
      const digits = micros.slice(0, 1 + (i % 6)).replace(/0+$/, '');
      const [date, time] = new Date(ms).toISOString().slice(0, 19).split('T');
      samples.push(`${date} ${time}${digits ? `.${digits}` : ''}+00`);
    }
    for (const text of samples) expect(parseTimestamp(text), text).toBe(throughDate(text));
    expect(parseTimestamp('2026-11-21 10:55:02.123456+00')).toBe('2026-11-21T10:55:02.123Z');
  });

  it('leaves other offsets, eras and infinities to the general path', () => {
    expect(parseTimestamp('2026-11-21 12:55:02.5+02')).toBe('2026-11-21T10:55:02.500Z');
    expect(parseTimestamp('infinity')).toBe('infinity');
    expect(parseTimestamp('0044-03-15 12:00:00+00 BC')).toBe(
      throughDate('0044-03-15 12:00:00+00 BC'),
    );
  });
});
