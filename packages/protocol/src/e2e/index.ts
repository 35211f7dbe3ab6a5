/** End-to-end encrypted notes, format v2: identities, notes, safety numbers, device linking. */
export * from './constants.js';
export { E2eError, type KeyPair } from './suite.js';
export {
  createIdentity,
  identityFromEntropy,
  identityFromPhrase,
  keyIdOfPublicKey,
  type Identity,
  type IdentityKeys,
} from './identity.js';
export {
  isEncryptionDataV2,
  openNoteV2,
  sealNoteV2,
  type EncryptionDataV2,
  type NoteContext,
  type SealedNoteV2,
} from './note.js';
export {
  signKeyPredecessor,
  signKeyRotation,
  verifyKeyPredecessor,
  verifyKeyRotation,
} from './rotation.js';
export { safetyNumber } from './safety.js';
export {
  answerLinkOnApprover,
  checkLinkReveal,
  linkCode,
  linkCommitment,
  openLinkPayload,
  sealLinkPayload,
  startLinkOnNewDevice,
  type LinkPayloadContents,
  type LinkSide,
  type LinkTranscript,
  type NewDeviceLink,
} from './link.js';
export { linkRecordFits } from './link-plaintext.js';
export { KEY_TEXTS } from './texts.js';
