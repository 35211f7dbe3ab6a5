/** Texts of the offline outbox and the offline banner (issue 17, "Never lost offline"). */
export const OFFLINE_TEXTS = {
  queuedToast: 'No connection: your desire will be sent as soon as you are back online',
  waitingToSend: 'Waiting to send',
  sendingNow: 'Sending…',
  sendFailedTitle: 'Not sent',
  discard: 'Discard',
  /** The plain note is never kept, so a refused desire cannot be sealed again: write it anew. */
  failedHint: 'Discard it and send it again from the desire screen.',
  discarded: 'Desire discarded',
  queuedSent: (count: number) =>
    count === 1
      ? 'Your waiting desire has been sent'
      : `Your ${count} waiting desires have been sent`,
  outboxHeading: 'Waiting to send',
  signOutQuestion: 'Sign out with desires still waiting to send?',
  signOutDiscards: (count: number) =>
    count === 1
      ? 'One desire has not reached the server yet. Signing out discards it from this device.'
      : `${count} desires have not reached the server yet. Signing out discards them from this device.`,
  signOutAnyway: 'Sign out anyway',
  offlineBanner: "You're offline: showing what was here last",
  unreachableBanner: "Can't reach the server: showing what was here last",
} as const;
