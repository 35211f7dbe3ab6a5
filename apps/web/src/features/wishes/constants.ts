/** Several taps within this long make one round (issue 29). */
export const WISH_ROUND_DEBOUNCE_MS = 1_500;
/** Rounds whose "new match" toast this browser showed: any tab shows it once. */
export const SHOWN_MATCHES_KEY = 'couple-desires.wish-matches-shown';
export const SHOWN_MATCHES_KEPT = 20;
/** A change of answers or settings is backed up this long after the last of several (issue 39). */
export const WISH_BACKUP_DEBOUNCE_MS = 2_000;
