import { i18n } from '../../lib/i18n.js';

/*
 * The inbox's times in the active language (lib/relative-time.ts keeps the English-only
 * originals for other screens). Intl builds each language's own wording; in English it gives
 * the same 'Nm ago', 'Seen 9:41 PM' and weekday dates as before.
 */
const MINUTE_MS = 60_000;

function localDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** 'just now' under a minute, then '5m ago', '3h ago', '2d ago' (narrow, in the language). */
export function localAge(createdAt: string | number | Date, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - new Date(createdAt).getTime()) / MINUTE_MS));
  if (minutes === 0) return i18n._('just now');
  const format = new Intl.RelativeTimeFormat(i18n.locale, { style: 'narrow' });
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}

/** The day headings, in the device's time zone: 'Today', 'Yesterday', or the date. */
export function localDayLabel(iso: string, nowMs: number): string {
  const date = new Date(iso);
  const now = new Date(nowMs);
  const days = Math.round((localDay(now) - localDay(date)) / 86_400_000);
  if (days <= 0) return i18n._('Today');
  if (days === 1) return i18n._('Yesterday');
  return new Intl.DateTimeFormat(i18n.locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}

/** '9:41 PM' today, else 'Nov 21, 9:41 PM' (each language's own order and clock). */
export function localClockTime(iso: string, nowMs: number): string {
  const date = new Date(iso);
  if (localDay(date) === localDay(new Date(nowMs))) {
    return new Intl.DateTimeFormat(i18n.locale, { hour: 'numeric', minute: '2-digit' }).format(
      date,
    );
  }
  return new Intl.DateTimeFormat(i18n.locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
