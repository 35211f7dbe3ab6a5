/**
 * First load of the welcome screen, cold, in Debian's Chromium: a fresh browser context each run
 * (no HTTP cache, no service worker) opens / signed out, and the app redirects to /auth/welcome.
 * Measured in the page: first contentful paint, and "interactive" = the moment the welcome
 * screen's "Sign up with Email" button is in the document (React has rendered it, with its
 * handler) followed by the first idle frame; over CDP, the bytes transferred and the JavaScript
 * among them until then. The same-run baseline is the floor of this machine: a bare HTML page
 * with one button, served by a bare Node HTTP server.
 *
 *   npm run bench:first-load                         5 runs, builds the web app first
 *   npm run bench:first-load -- --runs 9 --build no
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { parseFlags } from './lib/args.js';
import { ROOT, startAppServer } from './lib/server-process.js';
import { fmt, percentile } from './lib/stats.js';
import { printTable } from './lib/table.js';

const TARGET_MS = 500;
const BUTTON = 'Sign up with Email';
const flags = parseFlags({ runs: 5, build: 'yes', chromium: '/usr/bin/chromium' });

interface Sample {
  fcpMs: number;
  interactiveMs: number;
  bytes: number;
  jsBytes: number;
}

/** Records, in the page, when the button appears and the next frame after it has painted. */
const PROBE = `(() => {
  const done = () => requestAnimationFrame(() => setTimeout(() => {
    window.__interactive = performance.now();
  }, 0));
  const found = () => [...document.querySelectorAll('button')].some((b) => b.textContent.includes(${JSON.stringify(BUTTON)}));
  const observer = new MutationObserver(() => {
    if (found()) { observer.disconnect(); done(); }
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map<string, string>();
  let bytes = 0;
  let jsBytes = 0;
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    if (types.get(event.requestId) === 'Script') jsBytes += event.encodedDataLength;
  });
  await page.addInitScript(PROBE);
  await page.goto(url);
  await page.waitForFunction(() => (globalThis as { __interactive?: number }).__interactive, null, {
    timeout: 30_000,
  });
  const timing = await page.evaluate(() => ({
    interactive: (globalThis as { __interactive?: number }).__interactive ?? 0,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  }));
  await context.close();
  return { fcpMs: timing.fcp, interactiveMs: timing.interactive, bytes, jsBytes };
}

/** The machine's floor: one HTML page with the same button, nothing to load after it. */
function startBarePage(): Promise<{ url: string; close: () => void }> {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><h1>Couple Desires</h1><button>${BUTTON}</button></body></html>`;
  const server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    }),
  );
}

if (flags.build !== 'no') {
  const built = spawnSync('npm', ['run', 'build', '-w', '@couple/web'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('npm run build -w @couple/web failed');
}

const dataDir = mkdtempSync(join(tmpdir(), 'first-load-'));
const app = await startAppServer({ DATA_DIR: dataDir });
const bare = await startBarePage();
const browser = await chromium.launch({ executablePath: flags.chromium, headless: true });
const samples: Record<'app' | 'bare', Sample[]> = { app: [], bare: [] };
try {
  // One warm-up of each, so the browser process and the server's file reads are not measured.
  await measure(browser, `${app.url}/`);
  await measure(browser, bare.url);
  for (let run = 0; run < Number(flags.runs); run += 1) {
    // Alternating, so drift on a shared machine falls on both alike.
    samples.app.push(await measure(browser, `${app.url}/`));
    samples.bare.push(await measure(browser, bare.url));
  }
} finally {
  await browser.close();
  bare.close();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const median = (list: Sample[], key: keyof Sample) =>
  percentile(
    list.map((s) => s[key]).sort((a, b) => a - b),
    50,
  );
const kb = (value: number) => `${(value / 1000).toFixed(1)} kB`;
printTable(
  `Welcome screen, cold, ${flags.runs} runs each (median; Chromium headless)`,
  ['page', 'first paint', 'interactive', 'transferred', 'of it JS'],
  (['app', 'bare'] as const).map((name) => [
    name === 'app' ? 'app: / → /auth/welcome' : 'baseline: bare HTML page',
    `${fmt(median(samples[name], 'fcpMs'))} ms`,
    `${fmt(median(samples[name], 'interactiveMs'))} ms`,
    kb(median(samples[name], 'bytes')),
    kb(median(samples[name], 'jsBytes')),
  ]),
);
const interactive = median(samples.app, 'interactiveMs');
const overFloor = interactive - median(samples.bare, 'interactiveMs');
console.log(
  `\nInteractive in ${fmt(interactive)} ms (${fmt(overFloor)} ms over the bare page); ` +
    `target < ${TARGET_MS} ms: ${interactive < TARGET_MS ? 'met' : 'MISSED'}.`,
);
if (interactive >= TARGET_MS) process.exitCode = 1;
