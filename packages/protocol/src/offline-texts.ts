/** Texts of the offline outbox and the offline banner (issue 17, "Never lost offline"). */
export const OFFLINE_TEXTS = {
  queuedToast: 'No connection: your desire will be sent as soon as you are back online',
  waitingToSend: 'Waiting to send',
  answerQueuedToast: 'No connection: your answer will be sent as soon as you are back online',
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
  queuedAnswersSent: (count: number) =>
    count === 1
      ? 'Your waiting answer has been sent'
      : `Your ${count} waiting answers have been sent`,
  outboxHeading: 'Waiting to send',
  signOutQuestion: 'Sign out before everything is sent?',
  signOutDiscards: (desires: number, answers: number) => {
    const counted = (count: number, word: string) =>
      count === 0 ? null : count === 1 ? `1 ${word}` : `${count} ${word}s`;
    const what = [counted(desires, 'desire'), counted(answers, 'answer')].filter(Boolean);
    const one = desires + answers === 1;
    return `${what.join(' and ')} ${one ? 'has' : 'have'} not reached the server yet. Signing out discards ${one ? 'it' : 'them'} from this device.`;
  },
  signOutAnyway: 'Sign out anyway',
  offlineBanner: "You're offline: showing what was here last",
  unreachableBanner: "Can't reach the server: showing what was here last",
} as const;
