const MINUTE_MS = 60_000;

/** SPEC §2: 'Nm ago', 'Nh ago' or 'Nd ago'; under a minute 'just now' (docs/decisions.md). */
export function relativeAge(createdAt: string | number | Date, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - new Date(createdAt).getTime()) / MINUTE_MS));
  if (minutes === 0) return 'just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** 'Joined' date in long US format, e.g. 'November 21, 2025'. */
export function longUsDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

function localDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** The inbox's day headings, in the device's time zone: 'Today', 'Yesterday', or the date. */
export function dayLabel(iso: string, nowMs: number): string {
  const date = new Date(iso);
  const now = new Date(nowMs);
  const days = Math.round((localDay(now) - localDay(date)) / 86_400_000);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return date.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
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

/** 'Seen 9:41 PM' today, else 'Seen Nov 21, 9:41 PM'. */
export function clockTime(iso: string, nowMs: number): string {
  const date = new Date(iso);
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  if (localDay(date) === localDay(new Date(nowMs))) return time;
  return `${date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}, ${time}`;
}
