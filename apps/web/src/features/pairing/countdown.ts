/** Whole seconds until the code expires, never negative. */
export function secondsUntil(expiresAt: string, nowMs: number): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - nowMs) / 1000));
}

/** 'm:ss', as in 'Expires in 14:59'. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The pairing input: upper case, at most 9 characters (XXXX-XXXX). */
export function cleanCodeInput(value: string, max: number): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, max);
}
