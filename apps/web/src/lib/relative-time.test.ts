import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@couple/protocol/i18n/catalogs/en';
import { i18n, loadLingui } from './i18n.js';
import {
  clockTime,
  dayLabel,
  groupByDay,
  longDate,
  relativeAge,
  timeOfDay,
} from './relative-time.js';

beforeAll(() => loadLingui());

const now = Date.parse('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

// English unless a test says otherwise; the other catalogs are not needed: Intl writes the dates.
beforeEach(() => i18n.loadAndActivate({ locale: 'en', messages }));
const speak = (locale: string) => i18n.loadAndActivate({ locale, messages: {} });
/** Intl puts no-break spaces where English has none ('il y a 5 min'): compare the words. */
const plain = (text: string) => text.replace(/\s/gu, ' ');

describe('relativeAge', () => {
  it('shows just now under a minute, then minutes under an hour', () => {
    expect(relativeAge(ago(0), now)).toBe('just now');
    expect(relativeAge(ago(59_999), now)).toBe('just now');
    expect(relativeAge(ago(60_000), now)).toBe('1m ago');
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
    expect(relativeAge(new Date(now + 90_000).toISOString(), now)).toBe('just now');
  });

  it('speaks the active language', () => {
    speak('fr');
    expect(plain(relativeAge(ago(5 * 60_000), now))).toBe('il y a 5 min');
    expect(plain(relativeAge(ago(3 * 3_600_000), now))).toBe('il y a 3 h');
    speak('ar');
    expect(relativeAge(ago(5 * 60_000), now)).toMatch(/^قبل .*5/);
  });
});

describe('longDate', () => {
  it('writes the date out in the active language', () => {
    expect(longDate('2025-11-21T12:00:00Z')).toBe('November 21, 2025');
    speak('fr');
    expect(plain(longDate('2025-11-21T12:00:00Z'))).toBe('21 novembre 2025');
    speak('ar');
    expect(longDate('2025-11-21T12:00:00Z')).toContain('نوفمبر');
  });
});

describe('day groups', () => {
  const at = (iso: string) => ({ created_at: iso });
  // Local noon: the headings follow the device's time zone, whatever it is.
  const now = new Date(2025, 5, 15, 12).getTime();

  it('labels today, yesterday, then the date (with the year only when it differs)', () => {
    expect(dayLabel('2025-06-15T00:30:00', now)).toBe('Today');
    expect(dayLabel('2025-06-14T23:59:00', now)).toBe('Yesterday');
    expect(dayLabel('2025-06-10T12:00:00', now)).toBe('Tuesday, June 10');
    expect(dayLabel('2024-12-31T12:00:00', now)).toBe('Tuesday, December 31, 2024');
  });

  it('labels the days in French and Arabic', () => {
    speak('fr');
    expect(dayLabel('2025-06-15T00:30:00', now)).toBe('Aujourd’hui');
    expect(dayLabel('2025-06-14T23:59:00', now)).toBe('Hier');
    expect(plain(dayLabel('2025-06-10T12:00:00', now))).toBe('mardi 10 juin');
    speak('ar');
    expect(dayLabel('2025-06-15T00:30:00', now)).toBe('اليوم');
    expect(dayLabel('2025-06-14T23:59:00', now)).toBe('أمس');
    expect(dayLabel('2025-06-10T12:00:00', now)).toContain('يونيو');
    speak('de');
    expect(dayLabel('2025-06-10T12:00:00', now)).toContain('Juni');
  });

  it('keeps the order and puts consecutive items of one day together', () => {
    const groups = groupByDay(
      [at('2025-06-15T09:00:00'), at('2025-06-15T08:00:00'), at('2025-06-13T08:00:00')],
      now,
    );
    expect(groups.map((group) => [group.label, group.items.length])).toEqual([
      ['Today', 2],
      ['Friday, June 13', 1],
    ]);
  });

  it('shows the clock time today and the date before', () => {
    expect(clockTime('2025-06-15T09:05:00', now)).toBe('9:05 AM');
    expect(clockTime('2025-06-13T21:41:00', now)).toBe('Jun 13, 9:41 PM');
  });

  it('writes times the way the language does', () => {
    speak('fr');
    expect(timeOfDay('2025-06-15T21:41:00')).toBe('21:41');
    expect(plain(clockTime('2025-06-13T21:41:00', now))).toBe('13 juin, 21:41');
    speak('ar');
    expect(plain(clockTime('2025-06-15T21:41:00', now))).toMatch(/(9:41|٩:٤١) م/);
  });
});
