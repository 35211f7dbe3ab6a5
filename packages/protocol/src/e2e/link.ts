import {
  ENC_BYTES,
  LINK_CODE_DIGITS,
  LINK_CODE_PREFIX,
  LINK_HPKE_INFO,
  RECOVERY_ENTROPY_BYTES,
} from './constants.js';
import { base64UrlToBytes, bytesToBase64Url, concatBytes, digest, utf8 } from './encoding.js';
import {
  decodePublicKey,
  exportPublicKey,
  identityFromEntropy,
  importPublicKey,
  type Identity,
} from './identity.js';
import { E2eError, hpkeSuite, type KeyPair } from './suite.js';

/**
 * Device linking: the new device shows an ephemeral public key (QR code); both screens show the
 * comparison code so the person can see the approving device saw the same key; the approving
 * device seals the identity's entropy to that key (HPKE base mode); the new device opens it.
 */
export interface LinkRequest {
  /** Ephemeral, kept only in memory on the new device until the link completes or expires. */
  keyPair: KeyPair;
  publicKey: string;
  code: string;
}

/**
 * A fresh ephemeral P-256 key pair. @hpke/core generates it extractable (the library's choice);
 * it lives only for one link request (LINK_REQUEST_TTL_SECONDS) and is never stored.
 */
export async function createLinkRequest(): Promise<LinkRequest> {
  const keyPair = await hpkeSuite().kem.generateKeyPair();
  const publicKey = bytesToBase64Url(await exportPublicKey(keyPair.publicKey));
  return { keyPair, publicKey, code: await comparisonCode(publicKey) };
}

/** 6 digits: first 4 bytes of SHA-256(prefix || raw key), big-endian, mod 10^6, zero-padded. */
export async function comparisonCode(ephemeralPublicKey: string): Promise<string> {
  const raw = decodePublicKey(ephemeralPublicKey);
  const hash = await digest('SHA-256', concatBytes(utf8(LINK_CODE_PREFIX), raw));
  const value = new DataView(hash.buffer, hash.byteOffset, 4).getUint32(0, false);
  return String(value % 10 ** LINK_CODE_DIGITS).padStart(LINK_CODE_DIGITS, '0');
}

/** Seals the 32-byte entropy to the new device: `${enc b64url}.${ciphertext b64url}`. */
export async function sealLinkPayload(
  entropy: Uint8Array,
  ephemeralPublicKey: string,
): Promise<string> {
  if (entropy.length !== RECOVERY_ENTROPY_BYTES) {
    throw new RangeError(`Recovery entropy must be ${RECOVERY_ENTROPY_BYTES} bytes`);
  }
  const sealed = await hpkeSuite().seal(
    { recipientPublicKey: await importPublicKey(ephemeralPublicKey), info: utf8(LINK_HPKE_INFO) },
    new Uint8Array(entropy),
  );
  return `${bytesToBase64Url(new Uint8Array(sealed.enc))}.${bytesToBase64Url(new Uint8Array(sealed.ct))}`;
}

/** Opens a link payload and derives the identity; E2eError 'Malformed' or 'Tampered' otherwise. */
export async function openLinkPayload(
  sealed: string,
  ephemeralKeyPair: KeyPair,
): Promise<Identity> {
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
  let entropy: Uint8Array;
  try {
    entropy = new Uint8Array(
      await hpkeSuite().open(
        { recipientKey: ephemeralKeyPair, enc, info: utf8(LINK_HPKE_INFO) },
        ciphertext,
      ),
    );
  } catch (cause) {
    throw new E2eError('Tampered', { cause });
  }
  if (entropy.length !== RECOVERY_ENTROPY_BYTES) throw new E2eError('Malformed');
  return identityFromEntropy(entropy);
}
