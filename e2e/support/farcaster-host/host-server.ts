import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import {
  listen,
  signedEvent,
  type AppKey,
} from '../../../apps/server/test/helpers/farcaster-fakes.js';
import {
  signInWithFarcaster,
  type CustodyKey,
} from '../../../apps/server/test/helpers/quick-auth-siwf.js';
import { ROOT } from '../server.js';

/** What the app's server was told when the user added the mini-app. */
export interface AddedMiniApp {
  token: string;
  url: string;
  webhookStatus: number;
}

export interface FarcasterHost {
  /** http://localhost:<port>: another origin than the app's http://127.0.0.1:<port>. */
  origin: string;
  /** The host page framing appUrl for this user; a slow host answers after `answerAfterMs`. */
  pageUrl(appUrl: string, options?: { answerAfterMs?: number }): string;
  added: AddedMiniApp[];
  close(): Promise<void>;
}

export interface HostOptions {
  custody: CustodyKey;
  username: string;
  /** The client's own fid, which added the app key on the hub. */
  clientFid: number;
  appKey: AppKey;
  /** Where the app's server is to POST this client's notifications. */
  notificationUrl: string;
}

const WEBHOOK_PATH = '/api/farcaster/webhook';

async function bundleHostPage(): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, 'e2e/support/farcaster-host/host-page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return result.outputFiles[0]!.text;
}

const fields = (body: string) => JSON.parse(body || '{}') as Record<string, string>;

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type }).end(body);
}

/**
 * A Farcaster web client for one signed-in user: the host page (host-page.ts, bundled with
 * @farcaster/miniapp-host) and its backend, which signs Sign In With Farcaster messages with the
 * user's custody key and, when the user adds the mini-app, sends the app's webhook a
 * `miniapp_added` event signed with the client's app key (JSON Farcaster Signature).
 */
export async function startFarcasterHost(options: HostOptions): Promise<FarcasterHost> {
  const script = await bundleHostPage();
  const added: AddedMiniApp[] = [];
  const server = await listen(async (req, body, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    if (req.method === 'GET' && path === '/') {
      return send(
        res,
        200,
        'text/html',
        `<!doctype html><html><head><title>Farcaster host</title>
         <style>body{margin:0} iframe{border:0;width:100vw;height:100vh}</style></head>
         <body><script type="module" src="/host.js"></script></body></html>`,
      );
    }
    if (req.method === 'GET' && path === '/host.js')
      return send(res, 200, 'text/javascript', script);
    if (req.method === 'POST' && path === '/host/sign-in') {
      const { nonce, domain, uri } = fields(body);
      const signed = signInWithFarcaster(options.custody, {
        nonce: nonce!,
        domain: domain!,
        uri: uri!,
      });
      return send(res, 200, 'application/json', JSON.stringify(signed));
    }
    if (req.method === 'POST' && path === '/host/add-mini-app') {
      const { appUrl } = fields(body);
      const notificationDetails = {
        url: options.notificationUrl,
        token: randomBytes(16).toString('hex'),
      };
      const event = signedEvent(options.custody.fid, options.appKey, {
        event: 'miniapp_added',
        notificationDetails,
      });
      const webhook = await fetch(new URL(WEBHOOK_PATH, appUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      });
      added.push({ ...notificationDetails, webhookStatus: webhook.status });
      if (!webhook.ok) return send(res, 502, 'application/json', '{}');
      return send(res, 200, 'application/json', JSON.stringify({ notificationDetails }));
    }
    send(res, 404, 'text/plain', 'not found');
  });
  // localhost, not the server's 127.0.0.1: another origin than the app's, as a real host is.
  const origin = server.origin.replace('127.0.0.1', 'localhost');
  return {
    origin,
    added,
    pageUrl: (appUrl, { answerAfterMs = 0 } = {}) => {
      const query = new URLSearchParams({
        app: appUrl,
        fid: String(options.custody.fid),
        username: options.username,
        clientFid: String(options.clientFid),
        answerAfterMs: String(answerAfterMs),
      });
      return `${origin}/?${query}`;
    },
    close: server.close,
  };
}
