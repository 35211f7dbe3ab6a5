import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_MAX_LENGTH, ACCESS_TOKEN_TTL_SECONDS } from '@couple/protocol';
import { createTokenService } from './tokens.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';
const CLAIMS = {
  userId: '0f3c2b1a-9d8e-4f7a-8b6c-5d4e3f2a1b0c',
  sessionId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
};

function clockAt(start: number) {
  const clock = { ms: start, now: () => clock.ms };
  return clock;
}

describe('access tokens', () => {
  it('accepts a token again and again until the second it expires, and not from then', async () => {
    const clock = clockAt(Date.UTC(2026, 10, 25, 12));
    const tokens = createTokenService(SECRET, clock.now);
    const { token, expiresAt } = await tokens.signAccessToken(CLAIMS);
    expect(expiresAt).toBe(clock.ms / 1000 + ACCESS_TOKEN_TTL_SECONDS);

    expect(await tokens.verifyAccessToken(token)).toEqual(CLAIMS);
    clock.ms = (expiresAt - 1) * 1000;
    expect(await tokens.verifyAccessToken(token)).toEqual(CLAIMS);
    clock.ms = expiresAt * 1000;
    expect(await tokens.verifyAccessToken(token)).toBeNull();
    clock.ms = (expiresAt - 1) * 1000;
    expect(await tokens.verifyAccessToken(token)).toEqual(CLAIMS);
  });

  it('refuses a token altered after a genuine one was accepted', async () => {
    const tokens = createTokenService(SECRET);
    const { token } = await tokens.signAccessToken(CLAIMS);
    expect(await tokens.verifyAccessToken(token)).toEqual(CLAIMS);

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const otherUser = { ...claims, sub: '11111111-2222-4333-8444-555555555555' };
    const forged = [
      header,
      Buffer.from(JSON.stringify(otherUser)).toString('base64url'),
      signature,
    ];
    expect(await tokens.verifyAccessToken(forged.join('.'))).toBeNull();
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await tokens.verifyAccessToken(`${header}.${payload}.${flipped}`)).toBeNull();
  });

  it('refuses what another secret signed, a missing token and an overlong one', async () => {
    const other = createTokenService(`${SECRET}-other`);
    const { token } = await other.signAccessToken(CLAIMS);
    const tokens = createTokenService(SECRET);
    expect(await tokens.verifyAccessToken(token)).toBeNull();
    expect(await tokens.verifyAccessToken(undefined)).toBeNull();
    expect(await tokens.verifyAccessToken('x'.repeat(ACCESS_TOKEN_MAX_LENGTH + 1))).toBeNull();
  });

  it('derives one successor per refresh token, which only the same secret reproduces', () => {
    const tokens = createTokenService(SECRET);
    const successor = tokens.refreshSuccessor('parent-token');
    expect(successor).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.refreshSuccessor('parent-token')).toBe(successor);
    expect(createTokenService(SECRET).refreshSuccessor('parent-token')).toBe(successor);
    expect(tokens.refreshSuccessor('other-parent')).not.toBe(successor);
    expect(createTokenService(`${SECRET}-other`).refreshSuccessor('parent-token')).not.toBe(
      successor,
    );
  });
});
