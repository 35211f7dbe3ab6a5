import { describe, expect, it } from 'vitest';
import { isTimeZone, quietState } from './quiet-hours.js';

const at = (iso: string) => Date.parse(iso);

describe('quietState', () => {
  const night = { start: '22:00', end: '07:00', time_zone: 'Europe/Paris' };

  it('crosses midnight in the user’s zone, not the server’s', () => {
    // 23:30 in Paris (UTC+1 in November) is 22:30 UTC.
    expect(quietState(night, at('2026-11-23T22:30:00Z'))).toEqual({
      active: true,
      endsAt: new Date('2026-11-24T06:00:00Z'),
    });
    expect(quietState(night, at('2026-11-24T05:59:00Z')).active).toBe(true);
    expect(quietState(night, at('2026-11-24T06:00:00Z'))).toEqual({ active: false, endsAt: null });
    expect(quietState(night, at('2026-11-23T20:59:00Z')).active).toBe(false);
    expect(quietState(night, at('2026-11-23T21:00:00Z')).active).toBe(true);
  });

  it('handles a window inside one day and summer time', () => {
    const nap = { start: '13:00', end: '15:30', time_zone: 'America/New_York' };
    // 14:00 in New York in July (UTC-4) is 18:00 UTC.
    expect(quietState(nap, at('2026-07-01T18:00:00Z'))).toEqual({
      active: true,
      endsAt: new Date('2026-07-01T19:30:00Z'),
    });
    expect(quietState(nap, at('2026-07-01T19:30:00Z')).active).toBe(false);
    expect(quietState(nap, at('2026-07-01T16:59:00Z')).active).toBe(false);
  });

  it('knows real time zones from made-up ones', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
