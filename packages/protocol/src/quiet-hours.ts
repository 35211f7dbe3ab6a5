/**
 * Quiet hours (issue 17): a daily window in the user's time zone during which pushes arrive
 * silently. Times are "HH:MM" (24 h); a window may cross midnight (22:00–07:00); start = end is
 * refused (it would be empty or the whole day, ambiguously).
 */
export interface QuietWindow {
  start: string;
  end: string;
  time_zone: string;
}

export const QUIET_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_MINUTES = 24 * 60;

export const QUIET_TEXTS = {
  title: /*i18n*/ 'Quiet hours',
  explain:
    /*i18n*/ 'During quiet hours, notifications of new desires arrive silently (no sound or vibration), and your partner sees that you are in quiet hours before sending. The app still shows them when it is open.',
  enable: /*i18n*/ 'Use quiet hours',
  from: /*i18n*/ 'From',
  to: /*i18n*/ 'To',
  save: /*i18n*/ 'Save quiet hours',
  saved: /*i18n*/ 'Quiet hours saved',
  off: /*i18n*/ 'Quiet hours off',
  failed: /*i18n*/ 'Failed to save quiet hours',
  partnerQuiet: /*i18n*/ '{name} is in quiet hours until {until}: your desire arrives silently.',
  sameStartEnd: /*i18n*/ 'Quiet hours must start and end at different times',
  badTime: /*i18n*/ 'Times must be HH:MM (24-hour)',
  badZone: /*i18n*/ 'Unknown time zone',
} as const;

export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes since local midnight in the zone at the instant. */
function localMinutes(nowMs: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(nowMs));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/** Whether the window is on at the instant, and when it ends (to the minute). */
export function quietState(
  window: QuietWindow,
  nowMs: number,
): { active: boolean; endsAt: Date | null } {
  const now = localMinutes(nowMs, window.time_zone);
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  const active = start < end ? now >= start && now < end : now >= start || now < end;
  if (!active) return { active, endsAt: null };
  const left = (end - now + DAY_MINUTES) % DAY_MINUTES;
  const startOfMinute = nowMs - (nowMs % 60_000);
  return { active, endsAt: new Date(startOfMinute + left * 60_000) };
}
