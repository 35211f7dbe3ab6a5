import { describe, expect, it } from 'vitest';
import { cleanCodeInput, formatCountdown, secondsUntil } from './countdown.js';

describe('pairing countdown', () => {
  const now = Date.parse('2025-06-15T12:00:00Z');

  it('formats m:ss', () => {
    expect(formatCountdown(15 * 60)).toBe('15:00');
    expect(formatCountdown(14 * 60 + 59)).toBe('14:59');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('counts whole seconds down to zero', () => {
    expect(secondsUntil('2025-06-15T12:15:00Z', now)).toBe(900);
    expect(secondsUntil('2025-06-15T12:00:00.200Z', now)).toBe(1);
    expect(secondsUntil('2025-06-15T11:59:00Z', now)).toBe(0);
  });
});

describe('cleanCodeInput', () => {
  it('forces upper case and at most 9 characters', () => {
    expect(cleanCodeInput('abcd-efgh', 9)).toBe('ABCD-EFGH');
    expect(cleanCodeInput('abcd-efghjk', 9)).toBe('ABCD-EFGH');
    expect(cleanCodeInput(' ab cd!', 9)).toBe('ABCD');
  });
});
