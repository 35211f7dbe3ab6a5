import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLingui } from '../../lib/i18n.js';
import { clockTime, dayLabel, relativeAge } from '../../lib/relative-time.js';
import { localAge, localClockTime, localDayLabel } from './dates.js';

beforeAll(() => loadLingui());

const now = new Date('2025-06-15T12:00:00').getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();
const speak = (locale: string) => i18n.loadAndActivate({ locale, messages: {} });

describe('the inbox times in the active language', () => {
  afterEach(() => speak('en'));

  it('says in English exactly what the English-only helpers say', () => {
    speak('en');
    for (const ms of [0, 60_000, 59 * 60_000, 3_600_000, 30 * 3_600_000, 45 * 86_400_000]) {
      expect(localAge(ago(ms), now)).toBe(relativeAge(ago(ms), now));
    }
    for (const iso of ['2025-06-15T08:00:00', '2025-06-14T23:59:00', '2025-06-10T08:00:00']) {
      expect(localDayLabel(iso, now)).toBe(dayLabel(iso, now));
      expect(localClockTime(iso, now)).toBe(clockTime(iso, now));
    }
    expect(localDayLabel('2024-12-31T10:00:00', now)).toBe(dayLabel('2024-12-31T10:00:00', now));
  });

  it('lets Intl word them in another language', () => {
    speak('de');
    expect(localAge(ago(2 * 86_400_000), now)).toBe(
      new Intl.RelativeTimeFormat('de', { style: 'narrow' }).format(-2, 'day'),
    );
    expect(localDayLabel('2025-06-10T08:00:00', now)).toContain('Juni');
  });
});
