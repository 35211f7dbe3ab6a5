import { useEffect, useState } from 'react';
import { secondsUntil } from './countdown.js';

/** Seconds left until `expiresAt`, ticking each second; null without a code. */
export function useCountdown(expiresAt: string | null): number | null {
  const [clock, setClock] = useState(() => ({ expiresAt, now: Date.now() }));
  // A new code counts from now, not from the last tick before it arrived (which showed 15:01).
  if (clock.expiresAt !== expiresAt) setClock({ expiresAt, now: Date.now() });
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setClock({ expiresAt, now: Date.now() }), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? secondsUntil(expiresAt, clock.now) : null;
}
