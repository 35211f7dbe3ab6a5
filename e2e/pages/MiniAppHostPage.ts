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

  async expectCalled(call: string): Promise<HostLogEntry> {
    await expect
      .poll(async () => (await this.hostLog()).map((entry) => entry.call))
      .toContain(call);
    return (await this.hostLog()).find((entry) => entry.call === call)!;
  }
}
