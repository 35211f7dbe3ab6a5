import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.js';
import { ROOT } from './server.js';

/**
 * Screens are written to screenshots/<viewport>/NN-name.png at the repository root, and each
 * one captured is checked with axe (no serious or critical violation, light and dark).
 */
export class ScreenRecorder {
  private count = 0;

  constructor(
    private readonly page: Page,
    private readonly folder: string,
  ) {}

  /** Another page (a second device) may be captured into the same numbered series. */
  async capture(name: string, page: Page = this.page): Promise<void> {
    this.count += 1;
    const dir = join(ROOT, 'screenshots', this.folder);
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${String(this.count).padStart(2, '0')}-${name}.png`);
    // Toasts come and go; they are hidden so each picture shows the screen itself.
    await page.screenshot({
      path: file,
      animations: 'disabled',
      caret: 'hide',
      style: '[data-sonner-toaster] { display: none !important; }',
    });
    await expectAccessible(page, name);
  }
}
