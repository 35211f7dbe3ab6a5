import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Agent, type Server } from 'node:https';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';
import type { PushPayload } from '@couple/protocol';

/** One request as the push service received it, body still encrypted. */
export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** What a browser keeps for its subscription: the ECDH private key and the auth secret. */
export interface BrowserSubscription {
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  path: string;
  ecdh: ECDH;
  authSecret: Buffer;
}

/** A local https push service with a self-signed certificate, speaking RFC 8030/8291/8292. */
export interface FakePushService {
  origin: string;
  /** Trusts only this service's certificate; hand it to the server under test. */
  agent: Agent;
  requests: PushRequest[];
  /** The status the service answers for a subscription path (201 unless set; HOLD: none). */
  answer(path: string, status: number): void;
  subscribe(): BrowserSubscription;
  /** Resolves with the next request for this subscription (or one already received). */
  nextRequest(subscription: BrowserSubscription, timeoutMs?: number): Promise<PushRequest>;
  /** Whether a request for this subscription is held (HOLD) and its sender still waits on it. */
  holding(subscription: BrowserSubscription): boolean;
  /** Answers the held requests for this subscription at last. */
  release(subscription: BrowserSubscription, status: number): void;
  close(): Promise<void>;
}

/** Given to answer(): the service keeps the request open and never answers. */
export const HOLD = 0;

function makeCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'push-cert-'));
  try {
    const keyPath = join(dir, 'key.pem');
    const certPath = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyPath,
        '-out',
        certPath,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyPath), cert: readFileSync(certPath) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startFakePushService(): Promise<FakePushService> {
  const { key, cert } = makeCertificate();
  const requests: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const waiters: { path: string; resolve: (request: PushRequest) => void }[] = [];
  /** The held requests whose connection is still open. */
  const held = new Map<ServerResponse, string>();

  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(received);
      for (const waiter of waiters.filter((w) => w.path === received.path)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(received);
      }
      const status = statuses.get(received.path) ?? 201;
      if (status === HOLD) {
        // Never answers: the request stays open until its sender gives up, or close().
        held.set(res, received.path);
        res.once('close', () => held.delete(res));
        return;
      }
      res.writeHead(status, status === 201 ? { location: `${received.path}/message` } : {});
      res.end(status === 201 ? '' : 'push service says no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `https://127.0.0.1:${port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });

  return {
    origin,
    agent,
    requests,
    answer(path, status) {
      statuses.set(path, status);
    },
    subscribe() {
      // What a browser does in PushManager.subscribe(): a P-256 key pair and a 16-byte secret.
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/${randomBytes(12).toString('hex')}`;
      return {
        path,
        ecdh,
        authSecret,
        json: {
          endpoint: `${origin}${path}`,
          expirationTime: null,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: authSecret.toString('base64url'),
          },
        },
      };
    },
    nextRequest(subscription, timeoutMs = 5_000) {
      const already = requests.find((r) => r.path === subscription.path);
      if (already) {
        requests.splice(requests.indexOf(already), 1);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no push request for ${subscription.path}`)),
          timeoutMs,
        );
        waiters.push({
          path: subscription.path,
          resolve: (request) => {
            clearTimeout(timer);
            requests.splice(requests.indexOf(request), 1);
            resolve(request);
          },
        });
      });
    },
    holding: (subscription) => [...held.values()].includes(subscription.path),
    release(subscription, status) {
      for (const [res, path] of held) {
        if (path !== subscription.path) continue;
        res.writeHead(status);
        res.end();
      }
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Checks the VAPID Authorization header (RFC 8292) like a push service: returns the claims. */
export async function verifyVapid(
  request: PushRequest,
  origin: string,
): Promise<{ publicKey: string; claims: JWTPayload }> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(
    request.headers.authorization ?? '',
  );
  if (!match)
    throw new Error(`not a VAPID Authorization header: ${request.headers.authorization ?? ''}`);
  const [, jwt, publicKey] = match as unknown as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33, 65).toString('base64url'),
  };
  const { payload } = await jwtVerify(jwt, await importJWK(jwk, 'ES256'), {
    algorithms: ['ES256'],
    audience: origin,
  });
  return { publicKey, claims: payload };
}

/** Decrypts an aes128gcm body (RFC 8291) with the browser's keys, as the browser would. */
export function decryptPush(subscription: BrowserSubscription, request: PushRequest): PushPayload {
  const plain = ece.decrypt(request.body, {
    version: 'aes128gcm',
    privateKey: subscription.ecdh,
    authSecret: subscription.authSecret,
  });
  return JSON.parse(plain.toString('utf8')) as PushPayload;
}
