import { describe, expect, it } from 'vitest';
import { bytesToBase64Url, concatBytes, digest, utf8 } from './encoding.js';
import {
  createIdentity,
  exportPublicKey,
  identityFromEntropy,
  importPublicKey,
} from './identity.js';
import { checkLinkReveal, linkCode, type LinkTranscript } from './link.js';
import { fixedLinkSide } from './link-test-helpers.js';
import { E2eError, hpkeSuite, type KeyPair } from './suite.js';

/**
 * A relaying server that grinds the comparison code. The search is shortened to the first
 * GRIND_DIGITS digits (~10^3 keys instead of ~10^6) to keep the test cheap; each key costs the
 * same either way, and 10^6 P-256 keys take seconds to a minute on one core, well inside a link
 * request's 10 minutes. The person is modelled as comparing those same digits.
 */
const GRIND_DIGITS = 3;
const GRIND_BUDGET = 50_000;
const sameDigits = (a: string, b: string) => a.slice(0, GRIND_DIGITS) === b.slice(0, GRIND_DIGITS);

interface EphemeralKey {
  keyPair: KeyPair;
  publicKey: string;
}

async function ephemeralKey(): Promise<EphemeralKey> {
  const keyPair = await hpkeSuite().kem.generateKeyPair();
  return { keyPair, publicKey: bytesToBase64Url(await exportPublicKey(keyPair.publicKey)) };
}

/** The version 1 protocol, as it was: a code of the new device's key alone, base-mode seal. */
const oldProtocol = {
  async code(publicKey: string): Promise<string> {
    const raw = await exportPublicKey(await importPublicKey(publicKey));
    const hash = await digest('SHA-256', concatBytes(utf8('couple-desires link v1'), raw));
    const value = new DataView(hash.buffer, hash.byteOffset, 4).getUint32(0, false);
    return String(value % 10 ** 6).padStart(6, '0');
  },
  async seal(
    entropy: Uint8Array,
    publicKey: string,
  ): Promise<{ enc: ArrayBuffer; ct: ArrayBuffer }> {
    return hpkeSuite().seal(
      {
        recipientPublicKey: await importPublicKey(publicKey),
        info: utf8('couple-desires link v1'),
      },
      new Uint8Array(entropy),
    );
  },
  async open(sealed: { enc: ArrayBuffer; ct: ArrayBuffer }, keyPair: KeyPair): Promise<Uint8Array> {
    const { enc, ct } = sealed;
    const info = utf8('couple-desires link v1');
    return new Uint8Array(await hpkeSuite().open({ recipientKey: keyPair, enc, info }, ct));
  },
};

/** Fresh keys until one's code matches `target`, as the server would search. */
async function grind(
  target: string,
  codeOf: (candidate: EphemeralKey & { nonce: string }) => Promise<string>,
): Promise<{ key: EphemeralKey & { nonce: string }; tries: number }> {
  const nonce = bytesToBase64Url(new Uint8Array(32).fill(7));
  for (let tries = 1; tries <= GRIND_BUDGET; tries += 1) {
    const key = { ...(await ephemeralKey()), nonce };
    if (sameDigits(await codeOf(key), target)) return { key, tries };
  }
  throw new Error(`No match in ${GRIND_BUDGET} keys`);
}

describe('a relaying server grinding the comparison code', () => {
  it('takes the identity unnoticed under the old protocol (code of one key)', async () => {
    const account = await createIdentity();
    const newDevice = await ephemeralKey();
    const codeOnNewDevice = await oldProtocol.code(newDevice.publicKey);

    // The server relays its own key instead, one whose code shows the same digits.
    const { key: substitute, tries } = await grind(codeOnNewDevice, (key) =>
      oldProtocol.code(key.publicKey),
    );
    expect(substitute.publicKey).not.toBe(newDevice.publicKey);
    expect(tries).toBeLessThan(GRIND_BUDGET);
    const codeOnApprover = await oldProtocol.code(substitute.publicKey);
    expect(sameDigits(codeOnApprover, codeOnNewDevice)).toBe(true);

    // The person sees the same code and approves; the server opens the seed and re-seals it.
    const sealedToServer = await oldProtocol.seal(account.entropy, substitute.publicKey);
    const stolen = await oldProtocol.open(sealedToServer, substitute.keyPair);
    expect((await identityFromEntropy(stolen)).keyId).toBe(account.keyId);
    const resealed = await oldProtocol.seal(stolen, newDevice.publicKey);
    const linked = await identityFromEntropy(await oldProtocol.open(resealed, newDevice.keyPair));
    expect(linked.keyId).toBe(account.keyId);
  });

  it('is caught under the commitment protocol: a ground key breaks the commitment', async () => {
    // Fixed sides, so the codes compared below are the same on every run.
    const [newDevice, approver, server] = await Promise.all([
      fixedLinkSide(1),
      fixedLinkSide(2),
      fixedLinkSide(3),
    ]);
    const transcriptOf = (side: { publicKey: string; nonce: string }): LinkTranscript => ({
      newDevicePublicKey: side.publicKey,
      newDeviceNonce: side.nonce,
      approverPublicKey: approver.publicKey,
      approverNonce: approver.nonce,
    });
    // 1. The server relays its own commitment instead of the new device's. 2. The approver
    // answers. 3. The new device reveals; only now can the server know the new device's code.
    const codeOnNewDevice = await linkCode(transcriptOf(newDevice));

    // Revealing the key it committed to leaves the approver with another code.
    await checkLinkReveal(server.commitment, server.publicKey, server.nonce);
    const honestSubstitute = await linkCode(transcriptOf(server));
    expect(sameDigits(honestSubstitute, codeOnNewDevice)).toBe(false);

    // The grind that worked before still finds a key with the new device's code now, but that
    // key is not the one committed to before the answer, and the approver refuses it.
    const { key: ground } = await grind(codeOnNewDevice, (key) => linkCode(transcriptOf(key)));
    expect(sameDigits(await linkCode(transcriptOf(ground)), codeOnNewDevice)).toBe(true);
    const refusal = await checkLinkReveal(server.commitment, ground.publicKey, ground.nonce).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(E2eError);
    expect((refusal as E2eError).reason).toBe('Tampered');
  });
});
