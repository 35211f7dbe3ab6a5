const MINUTE_MS = 60_000;

/** SPEC §2: 'Nm ago', 'Nh ago' or 'Nd ago'. */
export function relativeAge(createdAt: string | number | Date, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - new Date(createdAt).getTime()) / MINUTE_MS));
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
