import { SESSION_REFRESH_MARGIN_SECONDS } from './constants.js';

export interface Expiring {
  expires_at: number;
}

export function secondsLeft(session: Expiring, nowMs: number): number {
  return session.expires_at - Math.floor(nowMs / 1000);
}

/** SPEC §9 auth client: refresh when 90 s or less remain. */
export function needsRefresh(
  session: Expiring,
  nowMs: number,
  marginSeconds = SESSION_REFRESH_MARGIN_SECONDS,
): boolean {
  return secondsLeft(session, nowMs) <= marginSeconds;
}

export function isExpired(session: Expiring, nowMs: number): boolean {
  return secondsLeft(session, nowMs) <= 0;
}
