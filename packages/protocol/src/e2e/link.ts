import {
  ENC_BYTES,
  LINK_CODE_DIGITS,
  LINK_COMMIT_PREFIX,
  LINK_HPKE_INFO,
  LINK_NONCE_BYTES,
  LINK_TRANSCRIPT_PREFIX,
} from './constants.js';
import {
  base64UrlToBytes,
  bytesToBase64Url,
  concatBytes,
  digest,
  randomBytes,
  utf8,
} from './encoding.js';
import {
  decodePublicKey,
  exportPublicKey,
  identityFromEntropy,
  importPublicKey,
  type Identity,
} from './identity.js';
import { decodeLinkPlaintext, encodeLinkPlaintext, type LinkPlaintext } from './link-plaintext.js';
import { E2eError, hpkeSuite, type KeyPair } from './suite.js';

/**
 * Device linking with a commitment (docs/security.md, "Device linking"), as in Bluetooth LE
 * numeric comparison: the new device commits to its ephemeral key and nonce before it sees the
 * approving device's, so a relaying server must fix its substitute key before it can know the code.
 *
 * 1. new device: commitment = SHA-256(prefix || pkN || nN)      -> server
 * 2. approving device: pkA, nA                                   -> server (after reading 1)
 * 3. new device: pkN, nN (only after reading 2, once)            -> server
 * 4. approving device checks the commitment; both show code(transcript)
 * 5. approving device seals the seeds and the record (link-plaintext.ts), HPKE auth mode from pkA
 *    to pkN, info bound to the transcript
 */
export interface LinkSide {
  /** Ephemeral, kept only in memory until the link completes or expires. */
  keyPair: KeyPair;
  publicKey: string;
  nonce: string;
}

/** The new device's side: its commitment goes first, the key and nonce only after the answer. */
export interface NewDeviceLink extends LinkSide {
  commitment: string;
}

/** The four public values both screens' code and the seal are bound to. */
export interface LinkTranscript {
  newDevicePublicKey: string;
  newDeviceNonce: string;
  approverPublicKey: string;
  approverNonce: string;
}

/**
 * A fresh ephemeral P-256 key pair and nonce. @hpke/core generates the pair extractable (the
 * library's choice); it lives only for one link request (LINK_REQUEST_TTL_SECONDS), never stored.
 */
async function createLinkSide(): Promise<LinkSide> {
  const keyPair = await hpkeSuite().kem.generateKeyPair();
  return {
    keyPair,
    publicKey: bytesToBase64Url(await exportPublicKey(keyPair.publicKey)),
    nonce: bytesToBase64Url(randomBytes(LINK_NONCE_BYTES)),
  };
}

export async function startLinkOnNewDevice(): Promise<NewDeviceLink> {
  const side = await createLinkSide();
  return { ...side, commitment: await linkCommitment(side.publicKey, side.nonce) };
}

/** The approving device's answer to a commitment: its own ephemeral key and nonce. */
export function answerLinkOnApprover(): Promise<LinkSide> {
  return createLinkSide();
}

function decodeNonce(nonce: string): Uint8Array<ArrayBuffer> {
  try {
    const bytes = base64UrlToBytes(nonce);
    if (bytes.length !== LINK_NONCE_BYTES) throw new Error('nonce length');
    return bytes;
  } catch (cause) {
    throw new E2eError('Malformed', { cause });
  }
}

/** SHA-256(prefix || raw ephemeral key || nonce), base64url: hides the key until it is revealed. */
export async function linkCommitment(publicKey: string, nonce: string): Promise<string> {
  const bytes = concatBytes(
    utf8(LINK_COMMIT_PREFIX),
    decodePublicKey(publicKey),
    decodeNonce(nonce),
  );
  return bytesToBase64Url(await digest('SHA-256', bytes));
}

/**
 * The approving device checks the revealed key and nonce against the commitment it read before
 * it answered; E2eError 'Tampered' when they differ (the key was swapped after the answer).
 */
export async function checkLinkReveal(
  commitment: string,
  publicKey: string,
  nonce: string,
): Promise<void> {
  if ((await linkCommitment(publicKey, nonce)) !== commitment) throw new E2eError('Tampered');
}

/** SHA-256(prefix || pkN || pkA || nN || nA): fixed lengths, so the parts cannot shift. */
async function transcriptHash(transcript: LinkTranscript): Promise<Uint8Array<ArrayBuffer>> {
  return digest(
    'SHA-256',
    concatBytes(
      utf8(LINK_TRANSCRIPT_PREFIX),
      decodePublicKey(transcript.newDevicePublicKey),
      decodePublicKey(transcript.approverPublicKey),
      decodeNonce(transcript.newDeviceNonce),
      decodeNonce(transcript.approverNonce),
    ),
  );
}

/** 6 digits shown on both screens: first 4 bytes of the transcript hash mod 10^6. */
export async function linkCode(transcript: LinkTranscript): Promise<string> {
  const hash = await transcriptHash(transcript);
  const value = new DataView(hash.buffer, hash.byteOffset, 4).getUint32(0, false);
  return String(value % 10 ** LINK_CODE_DIGITS).padStart(LINK_CODE_DIGITS, '0');
}

async function linkInfo(transcript: LinkTranscript): Promise<Uint8Array<ArrayBuffer>> {
  return concatBytes(utf8(LINK_HPKE_INFO), await transcriptHash(transcript));
}

/** What the approving device seals for the new one (payload version 2). */
export interface LinkPayloadContents {
  /** The account's current identity. */
  identity: Pick<Identity, 'entropy'>;
  /** The account's older identities the approver holds, so notes sealed to them open. */
  formerIdentities: readonly Pick<Identity, 'entropy'>[];
  /** JSON the app checks on the new device; this layer only carries it. */
  record: unknown;
}

/** What the new device opens: the identities derived again, and the record as sent. */
export interface OpenedLinkPayload {
  identity: Identity;
  formerIdentities: Identity[];
  /** null from an approver of the previous release (version 1: the seed alone). */
  record: unknown;
}

/**
 * HPKE auth mode from the approver's ephemeral key to the new device's, info bound to the
 * transcript: `${enc b64url}.${ciphertext b64url}`. Exported for the tests of version 1.
 */
export async function sealLinkBytes(
  plaintext: Uint8Array<ArrayBuffer>,
  transcript: LinkTranscript,
  approverKeyPair: KeyPair,
): Promise<string> {
  const sealed = await hpkeSuite().seal(
    {
      recipientPublicKey: await importPublicKey(transcript.newDevicePublicKey),
      senderKey: approverKeyPair,
      info: await linkInfo(transcript),
    },
    plaintext,
  );
  return `${bytesToBase64Url(new Uint8Array(sealed.enc))}.${bytesToBase64Url(new Uint8Array(sealed.ct))}`;
}

/**
 * Seals a version 2 payload: always LINK_SEALED_PAYLOAD_LENGTH characters. A RangeError when a
 * seed is not 32 bytes or the record does not fit (linkRecordFits tells beforehand).
 */
export async function sealLinkPayload(
  contents: LinkPayloadContents,
  transcript: LinkTranscript,
  approverKeyPair: KeyPair,
): Promise<string> {
  const plaintext = encodeLinkPlaintext(
    contents.identity.entropy,
    contents.formerIdentities.map((former) => former.entropy),
    contents.record,
  );
  try {
    return await sealLinkBytes(plaintext, transcript, approverKeyPair);
  } finally {
    plaintext.fill(0);
  }
}

/**
 * Opens a link payload of version 1 or 2 on the new device and derives the identities;
 * E2eError 'Malformed', or 'Tampered' when it was not sealed by the approver's key of this
 * transcript to this device.
 */
export async function openLinkPayload(
  sealed: string,
  transcript: LinkTranscript,
  newDeviceKeyPair: KeyPair,
): Promise<OpenedLinkPayload> {
  const parts = sealed.split('.');
  let enc: Uint8Array<ArrayBuffer>;
  let ciphertext: Uint8Array<ArrayBuffer>;
  try {
    if (parts.length !== 2) throw new Error('Expected enc.ciphertext');
    enc = base64UrlToBytes(parts[0] ?? '');
    ciphertext = base64UrlToBytes(parts[1] ?? '');
    if (enc.length !== ENC_BYTES) throw new Error('enc length');
  } catch (cause) {
    throw new E2eError('Malformed', { cause });
  }
  const info = await linkInfo(transcript);
  let plaintext: Uint8Array<ArrayBuffer>;
  try {
    plaintext = new Uint8Array(
      await hpkeSuite().open(
        {
          recipientKey: newDeviceKeyPair,
          senderPublicKey: await importPublicKey(transcript.approverPublicKey),
          enc,
          info,
        },
        ciphertext,
      ),
    );
  } catch (cause) {
    throw new E2eError('Tampered', { cause });
  }
  let opened: LinkPlaintext;
  try {
    opened = decodeLinkPlaintext(plaintext);
  } finally {
    plaintext.fill(0);
  }
  const seeds = [opened.entropy, ...opened.formerEntropies];
  try {
    const [identity, ...formerIdentities] = await Promise.all(seeds.map(identityFromEntropy));
    return { identity: identity!, formerIdentities, record: opened.record };
  } finally {
    for (const seed of seeds) seed.fill(0);
  }
}
