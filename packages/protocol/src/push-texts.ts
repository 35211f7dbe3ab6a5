/**
 * The texts of pushes and mini-app notifications, written by the server in the recipient's
 * language (`translate(locale, …)`). SPEC §3: who, how intense and how urgent, never the note.
 */
export const PUSH_TEXTS = {
  /** The new-desire body the service worker shows: values from desireNotificationValues. */
  desireBody: /*i18n*/ '{emoji} Intensity {intensity}/10 · Urgency {urgency}/10',
  /**
   * What a device shows for a desire without running the service worker (Declarative Web Push):
   * nothing private, not even the scores.
   */
  newDesire: /*i18n*/ 'New desire',
  partnerConnectedBody: /*i18n*/ 'You are now connected with @{name}',
} as const;
