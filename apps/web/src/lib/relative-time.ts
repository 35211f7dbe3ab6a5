import { i18n } from './i18n.js';

const MINUTE_MS = 60_000;

/*
 * Every age, day and time is written by Intl in the active language (never hand-built English):
 * the app's texts and its dates then always speak the same language.
 */
function locale(): string {
  return i18n.locale || 'en';
}

const formats = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

/** Intl formatters are slow to build and inbox lists ask for many: one per language and use. */
function cached<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  use: string,
  make: (locale: string) => F,
): F {
  const key = `${locale()}|${use}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = make(locale())));
  return format as F;
}

/**
 * SPEC §2's compact English ('5m ago') is the narrow style; in other languages the narrow style
 * can be terse to the point of odd (French '-5 min'), so they take the short one ('il y a 5 min').
 */
const ages = () =>
  cached('age', (tag) => {
    const style = tag === 'en' ? 'narrow' : 'short';
    return new Intl.RelativeTimeFormat(tag, { style, numeric: 'always' });
  });

/** SPEC §2: 'Nm ago', 'Nh ago' or 'Nd ago'; under a minute 'just now' (docs/decisions.md). */
export function relativeAge(createdAt: string | number | Date, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - new Date(createdAt).getTime()) / MINUTE_MS));
  if (minutes === 0) return i18n._('just now');
  if (minutes < 60) return ages().format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return ages().format(-hours, 'hour');
  return ages().format(-Math.floor(hours / 24), 'day');
}

/** The 'Joined' date written out, e.g. 'November 21, 2025' (English), '21 novembre 2025'. */
export function longDate(iso: string): string {
  return cached('long', (tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'long' })).format(
    new Date(iso),
  );
}

function localDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** 'today' → 'Today': a heading starts with a capital where the language has them. */
function capitalised(text: string): string {
  return text.charAt(0).toLocaleUpperCase(locale()) + text.slice(1);
}

/** The inbox's day headings, in the device's time zone: 'Today', 'Yesterday', or the date. */
export function dayLabel(iso: string, nowMs: number): string {
  const date = new Date(iso);
  const now = new Date(nowMs);
  const days = Math.round((localDay(now) - localDay(date)) / 86_400_000);
  if (days <= 1) {
    const near = cached('near', (tag) => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
    return capitalised(near.format(-Math.max(0, days), 'day'));
  }
  const sameYear = date.getFullYear() === now.getFullYear();
  const format = sameYear
    ? cached(
        'day',
        (tag) => new Intl.DateTimeFormat(tag, { weekday: 'long', month: 'long', day: 'numeric' }),
      )
    : cached(
        'day-year',
        (tag) =>
          new Intl.DateTimeFormat(tag, {
            weekday: 'long',
            month: 'long',
            day: 'numeric',
            year: 'numeric',
          }),
      );
  return format.format(date);
}

/** Consecutive items of one day under one heading, in the order given (newest first). */
export function groupByDay<T extends { created_at: string }>(
  items: readonly T[],
  nowMs: number,
): { label: string; items: T[] }[] {
  const groups: { label: string; items: T[] }[] = [];
  for (const item of items) {
    const label = dayLabel(item.created_at, nowMs);
    const last = groups.at(-1);
    if (last?.label === label) last.items.push(item);
    else groups.push({ label, items: [item] });
  }
  return groups;
}

/** A time of day as the language writes it: '9:41 PM', '21:41'. */
export function timeOfDay(iso: string): string {
  return cached(
    'time',
    (tag) => new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit' }),
  ).format(new Date(iso));
}

/** The time of 'Seen 9:41 PM' today, else with its day: 'Seen Nov 21, 9:41 PM'. */
export function clockTime(iso: string, nowMs: number): string {
  const date = new Date(iso);
  if (localDay(date) === localDay(new Date(nowMs))) return timeOfDay(iso);
  return cached(
    'day-time',
    (tag) =>
      new Intl.DateTimeFormat(tag, {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
  ).format(date);
}
