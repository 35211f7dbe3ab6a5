/**
 * "Thinking of you" (docs/api.md#thinking-of-you): how often one person may send it. Gentle on
 * purpose: a nudge that can come every minute stops being one. Enforced by the server per sender
 * on every surface and instance (apps/server/src/abuse/action-limits.ts); the web app reads the
 * same numbers to say when the button works again.
 */
export const THOUGHT_INTERVAL_SECONDS = 5 * 60;
/** At most this many in a rolling day (24 hours from the first counted one). */
export const THOUGHTS_PER_DAY = 20;
/** GET /api/thoughts answers at most this many, newest first, sent and received together. */
export const THOUGHTS_LIST_LIMIT = 100;
