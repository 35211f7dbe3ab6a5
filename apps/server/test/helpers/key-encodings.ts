import { DhkemP256HkdfSha256 } from '@hpke/core';
import type { Identity, KeyPair } from '@couple/protocol';

/** One way a secret could be written down, and what it is, for the failure message. */
export interface SecretText {
  label: string;
  /** Found when the haystack contains it (hex: compared in lower case). */
  text?: string;
  /** Found when it matches (the recovery words in order, whatever separates them). */
  pattern?: RegExp;
}

function byteForms(label: string, bytes: Uint8Array): SecretText[] {
  const buffer = Buffer.from(bytes);
  return [
    { label: `${label} base64`, text: buffer.toString('base64').replace(/=+$/, '') },
    { label: `${label} base64url`, text: buffer.toString('base64url') },
    { label: `${label} hex`, text: buffer.toString('hex') },
    { label: `${label} byte list`, text: Array.from(bytes).join(',') },
  ];
}

/** PKCS#8, the JWK `d` member and the raw private scalar of an extractable private key. */
async function privateKeyForms(label: string, keyPair: KeyPair): Promise<SecretText[]> {
  const subtle = globalThis.crypto.subtle;
  const pkcs8 = new Uint8Array(await subtle.exportKey('pkcs8', keyPair.privateKey));
  const jwk = await subtle.exportKey('jwk', keyPair.privateKey);
  const scalar = new Uint8Array(Buffer.from(jwk.d!, 'base64url'));
  return [
    ...byteForms(`${label} PKCS#8`, pkcs8),
    { label: `${label} JWK d`, text: `"d":"${jwk.d!}"` },
    ...byteForms(`${label} private scalar`, scalar),
  ];
}

/**
 * Every text form of an identity's secrets: its 32-byte seed, its private key (derived again
 * from the seed, since the identity's own CryptoKey cannot be exported), and its recovery phrase,
 * also as its words in order with anything between them.
 */
export async function identitySecretTexts(
  label: string,
  identity: Identity,
): Promise<SecretText[]> {
  const derived = await new DhkemP256HkdfSha256().deriveKeyPair(identity.entropy);
  const words = identity.phrase.split(' ');
  return [
    ...byteForms(`${label} seed`, identity.entropy),
    ...(await privateKeyForms(`${label} private key`, derived)),
    { label: `${label} recovery phrase`, text: identity.phrase },
    { label: `${label} recovery words in order`, pattern: new RegExp(words.join('\\W+'), 'i') },
  ];
}

/** The ephemeral key pairs of a device link (extractable, as @hpke/core makes them). */
export async function ephemeralSecretTexts(label: string, keyPairs: KeyPair[]) {
  const forms = await Promise.all(
    keyPairs.map((keyPair, index) => privateKeyForms(`${label} ${index + 1}`, keyPair)),
  );
  return forms.flat();
}

/** The labels of the secrets the haystack shows in any of their forms. */
export function secretsIn(haystack: string, secrets: SecretText[]): string[] {
  const lower = haystack.toLowerCase();
  return secrets
    .filter(({ text, pattern }) =>
      text !== undefined
        ? haystack.includes(text) || lower.includes(text.toLowerCase())
        : pattern!.test(haystack),
    )
    .map(({ label }) => label);
}
