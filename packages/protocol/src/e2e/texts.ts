/** What the app says about end-to-end keys: one place for the web app, the mini-app and tests. */
export const KEY_TEXTS = {
  noteLocked: /*i18n*/ 'Linked to another device: link this device to read it',
  e2eTag: /*i18n*/ 'End-to-end encrypted',
  legacyTag: /*i18n*/ 'Encrypted (older format)',
  legacyHint: /*i18n*/ 'Sent before end-to-end keys: the server could have read this note',
  serverSees:
    /*i18n*/ 'Notes are end-to-end encrypted: only your and your partner’s devices can read them. The server still sees who sends a desire to whom, when, and its intensity and urgency.',

  privacyNotes: /*i18n*/ 'Notes are end-to-end encrypted: only your two devices can read them',
  privacyServer:
    /*i18n*/ 'The service sees who sends a desire, when, and its intensity and urgency',

  setupBanner: /*i18n*/ 'This device can’t read your end-to-end encrypted notes yet.',
  setupAction: /*i18n*/ 'Set up this device',
  phraseBanner:
    /*i18n*/ 'Save your recovery key: without it, losing your devices means losing your notes.',
  phraseAction: /*i18n*/ 'Show recovery key',
  unavailable:
    /*i18n*/ 'This browser can’t keep encryption keys (private browsing?): notes can’t be read or sent here.',
  /** Inside a mini-app host whose frame may not store data (third-party storage blocked). */
  unavailableInHost:
    /*i18n*/ 'Your Farcaster client doesn’t let the app keep encryption keys here: open it in your browser to read and send notes.',
  openInBrowser: /*i18n*/ 'Open in browser',

  recoveryTitle: /*i18n*/ 'Your recovery key',
  recoveryIntro:
    /*i18n*/ 'These 24 words restore your key on a new device. Write them down and keep them somewhere safe: anyone who has them can read your notes. The server never sees them.',
  recoverySaved: /*i18n*/ 'I’ve written it down',
  recoveryReveal: /*i18n*/ 'Show the words',

  setupTitle: /*i18n*/ 'Set up this device',
  setupIntro:
    /*i18n*/ 'Your account’s key is on another device. Bring it here to read and send end-to-end encrypted notes.',
  linkOption: /*i18n*/ 'Link from a signed-in device',
  restoreOption: /*i18n*/ 'Use my recovery key',
  newKeyOption: /*i18n*/ 'Create a new key',
  newKeyWarning:
    /*i18n*/ 'Notes sealed to your old key can’t be read without it, here or anywhere else. Your partner will be told your key changed. Do this only if you lost every device and your recovery key.',
  newKeyConfirm: /*i18n*/ 'Create a new key anyway',
  /** Replacing the key on a device that holds it: the old key signs the new one. */
  rotateKeyOption: /*i18n*/ 'Replace your key',
  rotateKeyWarning:
    /*i18n*/ 'This device makes a new key and keeps the old one, so your notes stay readable here. Your old key signs the new one, so your partner is told you rotated it. Your other devices must be linked again.',
  rotateKeyConfirm: /*i18n*/ 'Replace my key',
  restoreLabel: /*i18n*/ 'Recovery key (24 words)',
  restoreSubmit: /*i18n*/ 'Restore',
  restoreNotCurrent:
    /*i18n*/ 'This recovery key is not your account’s current key. Check the words, or link from a device that has the current key.',
  restored: /*i18n*/ 'Your key is on this device.',

  linkWaiting:
    /*i18n*/ 'On a device where you are signed in, open Settings and choose “Link a new device”. A code to compare then shows here.',
  linkCompare: /*i18n*/ 'Check that the other device shows this same code, then approve it there:',
  linkExpired: /*i18n*/ 'The request expired. Start again.',
  linkFailed: /*i18n*/ 'The link could not be verified. Start again.',
  /** The new device: the server refused a step, or the sealed key was not from the answering device. */
  linkRefused:
    /*i18n*/ 'Link refused: the answer did not come from the device that showed your code. Nothing was linked. Start again.',
  approveTitle: /*i18n*/ 'Link a new device',
  approveNone:
    /*i18n*/ 'No device is waiting. On the new device, sign in and choose “Link from a signed-in device”.',
  approveCompare: /*i18n*/ 'Approve only if the new device shows this same code:',
  approveWaitingReveal: /*i18n*/ 'Waiting for the new device to show its code…',
  /** The approving device: the revealed key is not the one the new device committed to. */
  approveTampered:
    /*i18n*/ 'Link refused: the new device’s key changed on the way. Nothing was sent. Start again on the new device; if it happens again, someone is interfering with the link.',
  approveAnsweredElsewhere:
    /*i18n*/ 'This request was already answered on another screen. Start again on the new device.',
  approveAction: /*i18n*/ 'The codes match: link it',
  approveReject: /*i18n*/ 'They don’t match',
  approved: /*i18n*/ 'Linked. The new device can now read your notes.',
  approveRejected:
    /*i18n*/ 'Not linked. If you didn’t start this on a device of yours, someone else is signed in to your account: change your password.',
  encryptionReady: /*i18n*/ 'This device holds your end-to-end key.',
  recoveryAction: /*i18n*/ 'Show recovery key',
  safetyAction: /*i18n*/ 'Compare safety number',

  safetyTitle: /*i18n*/ 'Safety number',
  safetyIntro:
    /*i18n*/ 'Compare these numbers with {name}, in person or on a call. If they match on both phones, your notes can only be read by the two of you.',
  safetyVerify: /*i18n*/ 'Mark as verified',
  safetyUnverify: /*i18n*/ 'Clear verification',
  safetyVerified: /*i18n*/ 'Verified',
  safetyNoPartnerKey:
    /*i18n*/ '{name} hasn’t set up end-to-end encryption yet: notes use the older format until they do.',
  keyChanged:
    /*i18n*/ '{name}’s encryption key changed. This happens when they set up a new key; if you didn’t expect it, compare your safety number before sending anything private.',
  /** The server names one of the account's own keys as the partner's: nothing accepts it. */
  partnerKeyIsOwn:
    /*i18n*/ 'The server gives one of your own encryption keys as {name}’s. Desires, notes and wish matching wait until it gives {name}’s own key.',
  /** A signed rotation: the partner's previous key, pinned here, vouched for the new one. */
  keyRotatedSigned:
    /*i18n*/ '{name} rotated their encryption key (signed by their previous key). You can compare your new safety number to be sure.',
  keyRotatedDismiss: /*i18n*/ 'OK',
  /** A note sealed with a key this device never accepted for its writer: never end-to-end. */
  unconfirmedSealer: /*i18n*/ 'Couldn’t confirm who sealed this note',
  unconfirmedSealerKey: /*i18n*/ 'Sealed with key',
  unconfirmedSealerHint:
    /*i18n*/ 'This device never accepted that key from your partner: the server could have written this note. Don’t trust it before comparing your safety number.',
  sendAnyway: /*i18n*/ 'Send anyway',
  compareSafety: /*i18n*/ 'Compare safety number',
  noteNeedsDevice: /*i18n*/ 'Set up this device to add a note: notes are end-to-end encrypted.',
} as const;
