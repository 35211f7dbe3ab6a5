import { TEMPORARY_USERNAME_PREFIX } from './constants.js';

/*
 * Small product rules with no zod in them, so that the web app's first load can import them
 * through '@couple/protocol/browser' as well.
 */

/** SPEC §4: no username, or a temporary 'user_' one, means onboarding. */
export function isTemporaryUsername(username: string | null | undefined): boolean {
  return !username || username.startsWith(TEMPORARY_USERNAME_PREFIX);
}

/** SPEC §9: intensity 8 and above is intense (the fire emoji, a push that wakes the phone). */
export function isIntense(intensity: number): boolean {
  return intensity >= 8;
}

/** SPEC §9: intense fire, 5 to 7 heart, below 5 gift heart. */
export function intensityEmoji(intensity: number): string {
  if (isIntense(intensity)) return '🔥';
  if (intensity >= 5) return '❤️';
  return '💝';
}

/** The body of every new-desire notification (push and mini-app): the scores, never the note. */
export function desireNotificationBody(intensity: number, urgency: number): string {
  return `${intensityEmoji(intensity)} Intensity ${intensity}/10 · Urgency ${urgency}/10`;
}

export function partnerConnectedBody(username: string): string {
  return `You are now connected with @${username}`;
}
