/**
 * Runs a browser-side benchmark: bundles `entry` with esbuild, serves it from memory as
 * https://bench.local (WebCrypto needs a secure context) in Debian's chromium, headless, and
 * calls the function the bundle put on `globalThis[name]` with `arg`, `runs` times in one page.
 * Never downloads a browser: `executablePath` is the system's.
 */
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

export async function runInBenchPage<T>(input: {
  entry: string;
  executablePath: string;
  name: string;
  arg: number;
  runs: number;
}): Promise<T[]> {
  const bundle = await build({
    entryPoints: [input.entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  const browser = await chromium.launch({ executablePath: input.executablePath, headless: true });
  try {
    const page = await browser.newPage();
    await page.route('https://bench.local/', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
    );
    await page.goto('https://bench.local/');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const results: T[] = [];
    for (let run = 0; run < input.runs; run += 1) {
      results.push(
        (await page.evaluate(
          ([name, arg]) =>
            (globalThis as unknown as Record<string, (arg: number) => Promise<unknown>>)[name]!(
              arg,
            ),
          [input.name, input.arg] as const,
        )) as T,
      );
    }
    return results;
  } finally {
    await browser.close();
  }
}
