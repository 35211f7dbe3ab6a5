import { useEffect, useState } from 'react';
import { secondsUntil } from './countdown.js';

/** Seconds left until `expiresAt`, ticking each second; null without a code. */
export function useCountdown(expiresAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? secondsUntil(expiresAt, now) : null;
}
