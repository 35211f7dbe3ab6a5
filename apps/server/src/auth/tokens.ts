import { createHmac, hkdfSync } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_MAX_LENGTH, ACCESS_TOKEN_TTL_SECONDS } from '@couple/protocol';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export interface AccessToken {
  token: string;
  expiresIn: number;
  expiresAt: number;
}

export interface TokenService {
  signAccessToken(claims: AccessClaims): Promise<AccessToken>;
  /** Resolves to the claims, or null for a missing, forged, expired or malformed token. */
  verifyAccessToken(token: string | undefined): Promise<AccessClaims | null>;
  /**
   * The refresh token that follows the given one: an HMAC of it, so every answer to the same
   * parent carries the same successor, and nobody without the server's secret can compute it.
   */
  refreshSuccessor(parent: string): string;
}

const ISSUER = 'couple-desires';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
const AUDIENCE = 'authenticated';
/** Verified tokens kept: about 400 bytes each, so at most a few megabytes. */
export const VERIFIED_TOKENS_KEPT = 10_000;

interface Verified {
  claims: AccessClaims;
  /** The token's `exp`, in seconds. */
  expiresAt: number;
}

/**
 * A client sends the same access token with every request for up to an hour; checking its HMAC
 * through WebCrypto each time was a fifth of the server's CPU on an authenticated read. A token
 * string verified once is the same token the next time (the signature is part of the string),
 * so its claims are kept until it expires, as jose would judge it then. Revocation is not the
 * token's business: the session check follows every sign-out (auth/session-check.ts).
 */
function verifiedTokenCache(now: () => number) {
  const kept = new Map<string, Verified>();
  return {
    get(token: string): AccessClaims | null | undefined {
      const hit = kept.get(token);
      if (!hit) return undefined;
      if (hit.expiresAt > Math.floor(now() / 1000)) return hit.claims;
      kept.delete(token);
      return null;
    },
    set(token: string, verified: Verified) {
      // The oldest entry goes first: a Map iterates in insertion order.
      if (kept.size >= VERIFIED_TOKENS_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(token, verified);
    },
  };
}

/** The successor key is derived from the signing secret, under its own label (HKDF). */
const SUCCESSOR_KEY_LABEL = 'couple-desires refresh token successor';

export function createTokenService(
  secret: string,
  now: () => number = () => Date.now(),
): TokenService {
  const verified = verifiedTokenCache(now);
  const successorKey = Buffer.from(hkdfSync('sha256', secret, '', SUCCESSOR_KEY_LABEL, 32));
  // Imported once: given raw bytes, jose imports a WebCrypto key on every sign and verify.
  const key = globalThis.crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async signAccessToken({ userId, sessionId }) {
      const issuedAt = Math.floor(now() / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ sid: sessionId, role: AUDIENCE })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(await key);
      return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS, expiresAt };
    },
    async verifyAccessToken(token) {
      if (!token || token.length > ACCESS_TOKEN_MAX_LENGTH) return null;
      const known = verified.get(token);
      if (known !== undefined) return known;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'sid'],
          currentDate: new Date(now()),
        });
        // Ids reach SQL as uuid parameters: anything else must be a 401 here, not a 500 there.
        if (!isUuid(payload.sub) || !isUuid(payload.sid)) return null;
        const claims = { userId: payload.sub, sessionId: payload.sid };
        verified.set(token, { claims, expiresAt: payload.exp! });
        return claims;
      } catch {
        return null;
      }
    },
    refreshSuccessor(parent) {
      return createHmac('sha256', successorKey).update(parent).digest('base64url');
    },
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
