import { expect, type Frame, type Page } from '@playwright/test';
import { APP_TEXTS, type Locale } from '@couple/protocol/browser';
import type { HostLogEntry } from '../support/farcaster-host/host-page.js';
import { textIn } from '../support/texts.js';

/** A Farcaster client's page framing the app (e2e/support/farcaster-host), and the app in it. */
export class MiniAppHostPage {
  constructor(
    readonly page: Page,
    private readonly appOrigin: string,
    readonly locale: Locale = 'en',
  ) {}

  get app() {
    return this.page.frameLocator('iframe[title="Mini app"]');
  }
  get signInWithFarcaster() {
    return this.app.getByRole('button', { name: textIn(this.locale, 'Sign in with Farcaster') });
  }
  get addToFarcaster() {
    return this.app.getByRole('button', { name: textIn(this.locale, APP_TEXTS.addMiniApp) });
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.locator('iframe[title="Mini app"]')).toBeVisible();
  }

  /** The framed app as a Frame, for the page objects of its screens. */
  async appFrame(): Promise<Frame> {
    await expect.poll(() => this.findFrame()?.url() ?? '').toContain(this.appOrigin);
    return this.findFrame()!;
  }

  private findFrame(): Frame | undefined {
    return this.page.frames().find((frame) => frame.url().startsWith(this.appOrigin));
  }

  /** What the app asked of the host, in order, with ms since the frame was created. */
  hostLog(): Promise<HostLogEntry[]> {
    return this.page.evaluate(() => (window as unknown as { hostLog: HostLogEntry[] }).hostLog);
  }

  /**
   * The client sends the app a message and waits for its reply. Messages between two windows
   * arrive in order, so by then the app has handled all the client told it before (a late
   * answer included), and what it asked of the client meanwhile is in the host log.
   */
  async pingApp(): Promise<void> {
    const frame = await this.appFrame();
    await frame.evaluate(() => {
      window.addEventListener('message', function answerPing(event: MessageEvent<unknown>) {
        if ((event.data as { e2ePing?: boolean } | null)?.e2ePing !== true) return;
        window.removeEventListener('message', answerPing);
        window.parent.postMessage({ e2ePong: true }, '*');
      });
    });
    await this.page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener('message', function onPong(event: MessageEvent<unknown>) {
            if ((event.data as { e2ePong?: boolean } | null)?.e2ePong !== true) return;
            window.removeEventListener('message', onPong);
            resolve();
          });
          const app = document.querySelector<HTMLIFrameElement>('iframe[title="Mini app"]');
          app?.contentWindow?.postMessage({ e2ePing: true }, '*');
        }),
    );
  }

  async expectCalled(call: string): Promise<HostLogEntry> {
    await expect
      .poll(async () => (await this.hostLog()).map((entry) => entry.call))
      .toContain(call);
    return (await this.hostLog()).find((entry) => entry.call === call)!;
  }
}
