import { TEMPORARY_USERNAME_PREFIX } from '@couple/protocol/browser';

/*
 * Browser copies of two one-line rules that @couple/protocol keeps beside its zod schemas (which
 * stay out of the bundle); rules.test.ts proves they agree with the originals.
 */

/** SPEC §4: no username, or a temporary 'user_' one, means onboarding. */
export function isTemporaryUsername(username: string | null | undefined): boolean {
  return !username || username.startsWith(TEMPORARY_USERNAME_PREFIX);
}

/** SPEC §9: 8 and above fire, 5 to 7 heart, below 5 gift heart. */
export function intensityEmoji(intensity: number): string {
  if (intensity >= 8) return '🔥';
  if (intensity >= 5) return '❤️';
  return '💝';
}
