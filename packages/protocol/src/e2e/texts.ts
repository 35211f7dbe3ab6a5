/** What the app says about end-to-end keys: one place for the web app, the mini-app and tests. */
export const KEY_TEXTS = {
  noteLocked: 'Linked to another device: link this device to read it',
  e2eTag: 'End-to-end encrypted',
  legacyTag: 'Encrypted (older format)',
  legacyHint: 'Sent before end-to-end keys: the server could have read this note',
  serverSees:
    'Notes are end-to-end encrypted: only your and your partner’s devices can read them. The server still sees who sends a desire to whom, when, and its intensity and urgency.',

  privacyNotes: 'Notes are end-to-end encrypted: only your two devices can read them',
  privacyServer: 'The service sees who sends a desire, when, and its intensity and urgency',

  setupBanner: 'This device can’t read your end-to-end encrypted notes yet.',
  setupAction: 'Set up this device',
  phraseBanner: 'Save your recovery key: without it, losing your devices means losing your notes.',
  phraseAction: 'Show recovery key',
  unavailable:
    'This browser can’t keep encryption keys (private browsing?): notes can’t be read or sent here.',
  /** Inside a mini-app host whose frame may not store data (third-party storage blocked). */
  unavailableInHost:
    'Your Farcaster client doesn’t let the app keep encryption keys here: open it in your browser to read and send notes.',
  openInBrowser: 'Open in browser',

  recoveryTitle: 'Your recovery key',
  recoveryIntro:
    'These 24 words restore your key on a new device. Write them down and keep them somewhere safe: anyone who has them can read your notes. The server never sees them.',
  recoverySaved: 'I’ve written it down',
  recoveryReveal: 'Show the words',

  setupTitle: 'Set up this device',
  setupIntro:
    'Your account’s key is on another device. Bring it here to read and send end-to-end encrypted notes.',
  linkOption: 'Link from a signed-in device',
  restoreOption: 'Use my recovery key',
  newKeyOption: 'Create a new key',
  newKeyWarning:
    'Notes sealed to your old key can’t be read without it, here or anywhere else. Your partner will be told your key changed. Do this only if you lost every device and your recovery key.',
  newKeyConfirm: 'Create a new key anyway',
  /** Replacing the key on a device that holds it: the old key signs the new one. */
  rotateKeyOption: 'Replace your key',
  rotateKeyWarning:
    'This device makes a new key and keeps the old one, so your notes stay readable here. Your old key signs the new one, so your partner is told you rotated it. Your other devices must be linked again.',
  rotateKeyConfirm: 'Replace my key',
  restoreLabel: 'Recovery key (24 words)',
  restoreSubmit: 'Restore',
  restoreNotCurrent:
    'This recovery key is not your account’s current key. Check the words, or link from a device that has the current key.',
  restored: 'Your key is on this device.',

  linkWaiting:
    'On a device where you are signed in, open Settings and choose “Link a new device”. A code to compare then shows here.',
  linkCompare: 'Check that the other device shows this same code, then approve it there:',
  linkExpired: 'The request expired. Start again.',
  linkFailed: 'The link could not be verified. Start again.',
  /** The new device: the server refused a step, or the sealed key was not from the answering device. */
  linkRefused:
    'Link refused: the answer did not come from the device that showed your code. Nothing was linked. Start again.',
  approveTitle: 'Link a new device',
  approveNone:
    'No device is waiting. On the new device, sign in and choose “Link from a signed-in device”.',
  approveCompare: 'Approve only if the new device shows this same code:',
  approveWaitingReveal: 'Waiting for the new device to show its code…',
  /** The approving device: the revealed key is not the one the new device committed to. */
  approveTampered:
    'Link refused: the new device’s key changed on the way. Nothing was sent. Start again on the new device; if it happens again, someone is interfering with the link.',
  approveAnsweredElsewhere:
    'This request was already answered on another screen. Start again on the new device.',
  approveAction: 'The codes match: link it',
  approveReject: 'They don’t match',
  approved: 'Linked. The new device can now read your notes.',
  approveRejected:
    'Not linked. If you didn’t start this on a device of yours, someone else is signed in to your account: change your password.',
  encryptionReady: 'This device holds your end-to-end key.',
  recoveryAction: 'Show recovery key',
  safetyAction: 'Compare safety number',

  safetyTitle: 'Safety number',
  safetyIntro: (name: string) =>
    `Compare these numbers with ${name}, in person or on a call. If they match on both phones, your notes can only be read by the two of you.`,
  safetyVerify: 'Mark as verified',
  safetyUnverify: 'Clear verification',
  safetyVerified: 'Verified',
  safetyNoPartnerKey: (name: string) =>
    `${name} hasn’t set up end-to-end encryption yet: notes use the older format until they do.`,
  keyChanged: (name: string) =>
    `${name}’s encryption key changed. This happens when they set up a new key; if you didn’t expect it, compare your safety number before sending anything private.`,
  /** A signed rotation: the partner's previous key, pinned here, vouched for the new one. */
  keyRotatedSigned: (name: string) =>
    `${name} rotated their encryption key (signed by their previous key). You can compare your new safety number to be sure.`,
  keyRotatedDismiss: 'OK',
  /** A note sealed with a key this device never accepted for its writer: never end-to-end. */
  unconfirmedSealer: 'Couldn’t confirm who sealed this note',
  unconfirmedSealerKey: 'Sealed with key',
  unconfirmedSealerHint:
    'This device never accepted that key from your partner: the server could have written this note. Don’t trust it before comparing your safety number.',
  sendAnyway: 'Send anyway',
  compareSafety: 'Compare safety number',
  noteNeedsDevice: 'Set up this device to add a note: notes are end-to-end encrypted.',
} as const;
