/** End-to-end encrypted notes, format v2: identities, notes, safety numbers, device linking. */
export * from './constants.js';
export { bytesToBase64Url, base64UrlToBytes } from './encoding.js';
export { E2eError, type E2eErrorReason, type KeyPair, type WebCryptoKey } from './suite.js';
export {
  createIdentity,
  identityFromEntropy,
  identityFromPhrase,
  importPublicKey,
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
  type OpenNoteV2Input,
  type RecipientV2,
  type SealNoteV2Input,
  type SealedNoteV2,
} from './note.js';
export {
  openBytesV2,
  sealBytesV2,
  type OpenBytesV2Input,
  type SealBytesV2Input,
  type SealedBytesV2,
} from './sealed-bytes.js';
export {
  signKeyPredecessor,
  signKeyRotation,
  verifyKeyPredecessor,
  verifyKeyRotation,
  type SignKeyPredecessorInput,
  type SignKeyRotationInput,
  type VerifyKeyPredecessorInput,
  type VerifyKeyRotationInput,
} from './rotation.js';
export { safetyNumber, type SafetyNumber } from './safety.js';
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
  type OpenedLinkPayload,
} from './link.js';
export { linkRecordFits } from './link-plaintext.js';
export { KEY_TEXTS } from './texts.js';
