import { randomBytes } from 'node:crypto';
import { Address, Hex, PersonalMessage, Secp256k1, Signature, Siwe } from 'ox';

/** A Farcaster account's custody key, as a Farcaster client holds it to sign in with SIWF. */
export interface CustodyKey {
  fid: number;
  address: string;
  privateKey: Hex.Hex;
}

export function createCustodyKey(fid: number): CustodyKey {
  const privateKey = Secp256k1.randomPrivateKey();
  const address = Address.fromPublicKey(Secp256k1.getPublicKey({ privateKey }));
  return { fid, address, privateKey };
}

const signPayload = (message: string) => PersonalMessage.getSignPayload(Hex.fromString(message));

/**
 * What a Farcaster client answers to `signIn({ nonce })`: an EIP-4361 message for the mini-app's
 * domain naming the fid in its resources, signed by the custody key (personal_sign).
 */
export function signInWithFarcaster(
  key: CustodyKey,
  { nonce, domain, uri }: { nonce: string; domain: string; uri: string },
): { message: string; signature: string; authMethod: 'custody' } {
  const message = Siwe.createMessage({
    address: key.address as Address.Address,
    chainId: 10,
    domain,
    nonce,
    uri: new URL(uri).href,
    version: '1',
    statement: 'Farcaster Auth',
    resources: [`farcaster://fid/${key.fid}`],
  });
  const signature = Signature.toHex(
    Secp256k1.sign({ payload: signPayload(message), privateKey: key.privateKey }),
  );
  return { message, signature, authMethod: 'custody' };
}

export type SiwfOutcome = { valid: true; fid: number } | { valid: false; message: string };

/**
 * The checks of Quick Auth's POST /verify-siwf: a nonce this server issued (once), the domain the
 * mini-app asked for, a fid in the resources, and a signature by that fid's custody address.
 */
export function createSiwfVerifier(custodyOf: (fid: number) => string | undefined) {
  const nonces = new Set<string>();
  return {
    issueNonce(): string {
      const nonce = randomBytes(12).toString('hex');
      nonces.add(nonce);
      return nonce;
    },
    verify(body: { message?: unknown; domain?: unknown; signature?: unknown }): SiwfOutcome {
      if (typeof body.message !== 'string' || typeof body.signature !== 'string') {
        return { valid: false, message: 'message and signature are required' };
      }
      let parsed: ReturnType<typeof Siwe.parseMessage>;
      try {
        parsed = Siwe.parseMessage(body.message);
      } catch {
        return { valid: false, message: 'not a SIWE message' };
      }
      if (!parsed.nonce || !nonces.delete(parsed.nonce)) {
        return { valid: false, message: 'unknown nonce' };
      }
      if (parsed.domain !== body.domain) return { valid: false, message: 'wrong domain' };
      const fid = Number(
        /^farcaster:\/\/fid\/(\d+)$/.exec(parsed.resources?.[0] ?? '')?.[1] ?? Number.NaN,
      );
      const custody = custodyOf(fid);
      if (!custody) return { valid: false, message: 'unknown fid' };
      let signer: string;
      try {
        signer = Secp256k1.recoverAddress({
          payload: signPayload(body.message),
          signature: Signature.fromHex(body.signature as Hex.Hex),
        });
      } catch {
        return { valid: false, message: 'bad signature' };
      }
      const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
      if (!same(signer, custody) || !parsed.address || !same(parsed.address, custody)) {
        return { valid: false, message: 'not signed by the custody address' };
      }
      return { valid: true, fid };
    },
  };
}

const base64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

/**
 * A domain's account association as Farcaster's manifest tool makes it: a JSON Farcaster
 * Signature of `{ domain }` by the fid's custody address (personal_sign of `header.payload`).
 */
export function accountAssociation(key: CustodyKey, domain: string) {
  const header = base64url(JSON.stringify({ fid: key.fid, type: 'custody', key: key.address }));
  const payload = base64url(JSON.stringify({ domain }));
  const signature = Secp256k1.sign({
    payload: signPayload(`${header}.${payload}`),
    privateKey: key.privateKey,
  });
  return { header, payload, signature: base64url(Signature.toBytes(signature)) };
}
