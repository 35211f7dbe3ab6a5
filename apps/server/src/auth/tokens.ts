import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@couple/protocol';

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
}

const ISSUER = 'couple-desires';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
const AUDIENCE = 'authenticated';

export function createTokenService(secret: string): TokenService {
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
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = now + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ sid: sessionId, role: AUDIENCE })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(await key);
      return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS, expiresAt };
    },
    async verifyAccessToken(token) {
      if (!token || token.length > 4096) return null;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'sid'],
        });
        // Ids reach SQL as uuid parameters: anything else must be a 401 here, not a 500 there.
        if (!isUuid(payload.sub) || !isUuid(payload.sid)) return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
