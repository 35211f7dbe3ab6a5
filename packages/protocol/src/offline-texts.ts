/** Texts of the offline outbox and the offline banner (issue 17, "Never lost offline"). */
export const OFFLINE_TEXTS = {
  queuedToast: /*i18n*/ 'No connection: your desire will be sent as soon as you are back online',
  waitingToSend: /*i18n*/ 'Waiting to send',
  answerQueuedToast:
    /*i18n*/ 'No connection: your answer will be sent as soon as you are back online',
  sendingNow: /*i18n*/ 'Sending…',
  sendFailedTitle: /*i18n*/ 'Not sent',
  discard: /*i18n*/ 'Discard',
  /** The plain note is never kept, so a refused desire cannot be sealed again: write it anew. */
  failedHint: /*i18n*/ 'Discard it and send it again from the desire screen.',
  discarded: /*i18n*/ 'Desire discarded',
  queuedSent:
    /*i18n*/ '{count, plural, one {Your waiting desire has been sent} other {Your # waiting desires have been sent}}',
  queuedAnswersSent:
    /*i18n*/ '{count, plural, one {Your waiting answer has been sent} other {Your # waiting answers have been sent}}',
  outboxHeading: /*i18n*/ 'Waiting to send',
  signOutQuestion: /*i18n*/ 'Sign out before everything is sent?',
  /** Values: count. */
  signOutDiscardsDesires:
    /*i18n*/ '{count, plural, one {1 desire has not reached the server yet. Signing out discards it from this device.} other {# desires have not reached the server yet. Signing out discards them from this device.}}',
  /** Values: count. */
  signOutDiscardsAnswers:
    /*i18n*/ '{count, plural, one {1 answer has not reached the server yet. Signing out discards it from this device.} other {# answers have not reached the server yet. Signing out discards them from this device.}}',
  /** Values: desires, answers (both at least 1). */
  signOutDiscardsBoth:
    /*i18n*/ '{desires, plural, one {1 desire} other {# desires}} and {answers, plural, one {1 answer} other {# answers}} have not reached the server yet. Signing out discards them from this device.',
  signOutAnyway: /*i18n*/ 'Sign out anyway',
  offlineBanner: /*i18n*/ "You're offline: showing what was here last",
  unreachableBanner: /*i18n*/ "Can't reach the server: showing what was here last",
} as const;
