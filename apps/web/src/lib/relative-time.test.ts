import { describe, expect, it } from 'vitest';
import { longUsDate, relativeAge } from './relative-time.js';

const now = Date.parse('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeAge', () => {
  it('shows minutes under an hour', () => {
    expect(relativeAge(ago(0), now)).toBe('0m ago');
    expect(relativeAge(ago(59_999), now)).toBe('0m ago');
    expect(relativeAge(ago(5 * 60_000), now)).toBe('5m ago');
    expect(relativeAge(ago(59 * 60_000), now)).toBe('59m ago');
  });

  it('shows hours under a day', () => {
    expect(relativeAge(ago(60 * 60_000), now)).toBe('1h ago');
    expect(relativeAge(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe('23h ago');
  });

  it('shows days from 24 hours', () => {
    expect(relativeAge(ago(24 * 3_600_000), now)).toBe('1d ago');
    expect(relativeAge(ago(45 * 24 * 3_600_000), now)).toBe('45d ago');
  });

  it('never shows a negative age for a clock running behind', () => {
    expect(relativeAge(new Date(now + 90_000).toISOString(), now)).toBe('0m ago');
  });
});

describe('longUsDate', () => {
  it('formats in long US style', () => {
    expect(longUsDate('2025-11-21T12:00:00Z')).toBe('November 21, 2025');
  });
});
