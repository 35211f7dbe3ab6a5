import { TEMPORARY_USERNAME_PREFIX, USERNAME_MAX, USERNAME_MIN } from './constants.js';
import { SERVER_TEXTS, TEXTS } from './texts.js';

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

/**
 * The values of every new-desire notification's body (PUSH_TEXTS.desireBody, push and mini-app):
 * the scores, never the note.
 */
export function desireNotificationValues(
  intensity: number,
  urgency: number,
): { emoji: string; intensity: number; urgency: number } {
  return { emoji: intensityEmoji(intensity), intensity, urgency };
}

/** SPEC §5 usernames, after trimming and lower-casing: the first thing wrong, or null. */
export function usernameProblem(name: string): string | null {
  if (name.length < USERNAME_MIN) return TEXTS.usernameTooShort;
  if (name.length > USERNAME_MAX) return SERVER_TEXTS.usernameTooLong;
  if (!/^[a-z0-9_.]+$/.test(name)) return SERVER_TEXTS.usernameCharacters;
  if (name.startsWith(TEMPORARY_USERNAME_PREFIX)) return SERVER_TEXTS.usernameReserved;
  return null;
}
