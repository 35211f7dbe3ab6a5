import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createJsonFarcasterSignature } from '@farcaster/miniapp-node';
import { createSiwfVerifier } from './quick-auth-siwf.js';
import { POLL } from './timing.js';

/** A loopback HTTP server; the handler gets the request and its body as text. */
export async function listen(
  handler: (req: IncomingMessage, body: string, res: ServerResponse) => void | Promise<void>,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void handler(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export interface QuickAuthIssuer {
  /** What FARCASTER_QUICK_AUTH_ORIGIN is set to; also the tokens' iss. */
  origin: string;
  jwksRequests: number;
  /** A Quick Auth JWT as the real issuer makes it: RS256, sub = fid (a number), iss, aud, iat, exp. */
  sign(claims: {
    fid: number | string;
    domain: string;
    expiresInSeconds?: number;
    issuer?: string;
    /** How long ago the token was issued (5 seconds unless set). */
    issuedSecondsAgo?: number;
  }): Promise<string>;
  /** Same header and claims, signed by a key the issuer never published. */
  forge(claims: { fid: number; domain: string }): Promise<string>;
  /** Lets /verify-siwf accept this fid's sign-ins signed by its custody address. */
  registerCustody(fid: number, address: string): void;
  close(): Promise<void>;
}

const KID = 'fake-quick-auth-1';

/**
 * A local Quick Auth server: its JWKS at /.well-known/jwks.json, the URL that
 * @farcaster/quick-auth's verifyJwt fetches (`${origin}/.well-known/jwks.json`), which checks
 * iss === origin and aud === domain; and what the mini-app SDK's `quickAuth.getToken` calls from
 * the browser (CORS open, as the real one): POST /nonce and POST /verify-siwf, which checks the
 * Sign In With Farcaster message against the custody addresses registered here.
 */
export async function startQuickAuthIssuer(): Promise<QuickAuthIssuer> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const issuer = { jwksRequests: 0 };
  const custody = new Map<number, string>();
  const siwf = createSiwfVerifier((fid) => custody.get(fid));
  const http = await listen(async (req, body, res) => {
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-headers', 'content-type');
      res.setHeader('access-control-allow-methods', 'GET, POST');
      return void res.writeHead(204).end();
    }
    if (req.method === 'GET' && req.url === '/.well-known/jwks.json') {
      issuer.jwksRequests += 1;
      sendJson(res, 200, { keys: [jwk] });
    } else if (req.method === 'POST' && req.url === '/nonce') {
      sendJson(res, 200, { nonce: siwf.issueNonce() });
    } else if (req.method === 'POST' && req.url === '/verify-siwf') {
      let request: { message?: unknown; domain?: unknown; signature?: unknown };
      try {
        request = JSON.parse(body) as typeof request;
      } catch {
        return sendJson(res, 400, { valid: false, message: 'body is not JSON' });
      }
      const outcome = siwf.verify(request);
      if (!outcome.valid) return sendJson(res, 200, outcome);
      const token = await make(keys.privateKey, {
        fid: outcome.fid,
        domain: String(request.domain),
        issuedSecondsAgo: 0,
      });
      sendJson(res, 200, { valid: true, token });
    } else sendJson(res, 404, { error: 'not found' });
  });
  const make = (
    key: CryptoKey,
    claims: {
      fid: number | string;
      domain: string;
      expiresInSeconds?: number;
      issuer?: string;
      issuedSecondsAgo?: number;
    },
  ) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sub: claims.fid } as unknown as Record<string, unknown>)
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .setIssuer(claims.issuer ?? http.origin)
      .setAudience(claims.domain)
      .setIssuedAt(now - (claims.issuedSecondsAgo ?? 5))
      .setExpirationTime(now + (claims.expiresInSeconds ?? 3600))
      .sign(key);
  };
  return {
    origin: http.origin,
    get jwksRequests() {
      return issuer.jwksRequests;
    },
    sign: (claims) => make(keys.privateKey, claims),
    forge: (claims) => make(stranger.privateKey, claims),
    registerCustody: (fid, address) => void custody.set(fid, address),
    close: http.close,
  };
}

export interface AppKey {
  /** 32-byte Ed25519 private key, as createJsonFarcasterSignature takes it. */
  privateKey: Uint8Array;
  /** 0x-prefixed hex public key, as a hub lists it. */
  publicKey: string;
}

export function createAppKey(): AppKey {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  return {
    privateKey: new Uint8Array(Buffer.from(jwk.d!, 'base64url')),
    publicKey: `0x${Buffer.from(jwk.x!, 'base64url').toString('hex')}`,
  };
}

/** A webhook body signed with an app key (JSON Farcaster Signature), as a Farcaster client sends it. */
export function signedEvent(fid: number, appKey: AppKey, event: unknown) {
  return createJsonFarcasterSignature({
    fid,
    type: 'app_key',
    privateKey: appKey.privateKey,
    payload: new Uint8Array(Buffer.from(JSON.stringify(event))),
  });
}

function word(value: bigint): string {
  return value.toString(16).padStart(64, '0');
}

/**
 * ABI encoding of the SignedKeyRequest metadata a hub returns with each signer:
 * (uint256 requestFid, address requestSigner, bytes signature, uint256 deadline) as one tuple.
 */
export function signedKeyRequestMetadata(appFid: number): string {
  const signature = Buffer.alloc(65, 7);
  const data = signature.toString('hex').padEnd(Math.ceil(signature.length / 32) * 64, '0');
  const hex =
    word(0x20n) +
    word(BigInt(appFid)) +
    word(0x1234n) +
    word(0x80n) +
    word(BigInt(Math.floor(Date.now() / 1000) + 3600)) +
    word(BigInt(signature.length)) +
    data;
  return Buffer.from(hex, 'hex').toString('base64');
}

export interface FakeHub {
  url: string;
  requests: string[];
  /** Registers an app key as an on-chain signer of fid, added by the client app appFid. */
  addSigner(fid: number, publicKey: string, appFid: number): void;
  /** Makes the hub answer every request with this status (e.g. 500); undefined: normal. */
  failWith: number | undefined;
  close(): Promise<void>;
}

/** A local hub speaking GET /v1/onChainSignersByFid?fid=N as Farcaster hubs (and Neynar) do. */
export async function startFakeHub(): Promise<FakeHub> {
  const signers = new Map<number, { key: string; appFid: number }[]>();
  const state: { failWith: number | undefined; requests: string[] } = {
    failWith: undefined,
    requests: [],
  };
  const http = await listen((req, _body, res) => {
    state.requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://hub');
    if (state.failWith) return sendJson(res, state.failWith, { error: 'hub failure' });
    if (req.method !== 'GET' || url.pathname !== '/v1/onChainSignersByFid')
      return sendJson(res, 404, {});
    const fid = Number(url.searchParams.get('fid'));
    const events = (signers.get(fid) ?? []).map((signer, index) => ({
      type: 'EVENT_TYPE_SIGNER',
      chainId: 10,
      blockNumber: 100 + index,
      fid,
      signerEventBody: {
        key: signer.key,
        keyType: 1,
        eventType: 'SIGNER_EVENT_TYPE_ADD',
        metadata: signedKeyRequestMetadata(signer.appFid),
        metadataType: 1,
      },
    }));
    sendJson(res, 200, { events });
  });
  return {
    url: http.origin,
    requests: state.requests,
    addSigner(fid, publicKey, appFid) {
      signers.set(fid, [...(signers.get(fid) ?? []), { key: publicKey, appFid }]);
    },
    get failWith() {
      return state.failWith;
    },
    set failWith(value) {
      state.failWith = value;
    },
    close: http.close,
  };
}

export interface NotificationRequest {
  path: string;
  body: {
    notificationId: string;
    title: string;
    body: string;
    targetUrl: string;
    tokens: string[];
  };
}

export interface FakeNotificationServer {
  /** Base URL; give each client its own path, e.g. `${origin}/client-a`. */
  origin: string;
  requests: NotificationRequest[];
  invalidTokens: Set<string>;
  rateLimitedTokens: Set<string>;
  /** Answer every request with this status and no result (e.g. 500); undefined: normal. */
  failWith: number | undefined;
  close(): Promise<void>;
}

/** Records POSTs and answers {result: {successfulTokens, invalidTokens, rateLimitedTokens}}. */
export async function startFakeNotificationServer(): Promise<FakeNotificationServer> {
  const fake = {
    requests: [] as NotificationRequest[],
    invalidTokens: new Set<string>(),
    rateLimitedTokens: new Set<string>(),
    failWith: undefined as number | undefined,
  };
  const http = await listen((req, body, res) => {
    if (req.method !== 'POST') return sendJson(res, 405, {});
    const parsed = JSON.parse(body) as NotificationRequest['body'];
    fake.requests.push({ path: req.url ?? '', body: parsed });
    if (fake.failWith)
      return sendJson(res, fake.failWith, { error: 'notification server failure' });
    const tokens = parsed.tokens;
    sendJson(res, 200, {
      result: {
        successfulTokens: tokens.filter(
          (t) => !fake.invalidTokens.has(t) && !fake.rateLimitedTokens.has(t),
        ),
        invalidTokens: tokens.filter((t) => fake.invalidTokens.has(t)),
        rateLimitedTokens: tokens.filter((t) => fake.rateLimitedTokens.has(t)),
      },
    });
  });
  return Object.assign(fake, { origin: http.origin, close: http.close });
}

/** Polls until check() is truthy (deliveries happen after the response). */
export async function waitFor<T>(
  check: () => T | undefined | false,
  timeoutMs: number = POLL.timeout,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, POLL.interval));
  }
}
