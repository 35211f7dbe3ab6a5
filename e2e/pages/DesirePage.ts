import { expect, type Frame, type Page } from '@playwright/test';
import type { Locale } from '@couple/protocol';
import { expectUrl } from '../support/fixtures.js';
import { mentioningAnyIn, textIn } from '../support/texts.js';

/** / (index): two sliders, the encrypted note and Send Desire. */
export class DesirePage {
  get heading() {
    return this.page.getByRole('heading', { name: this.t('Share Your Desire') });
  }
  get intensity() {
    return this.page.getByRole('slider', { name: this.t('Intensity') });
  }
  get urgency() {
    return this.page.getByRole('slider', { name: this.t('Urgency') });
  }
  get note() {
    return this.page.getByLabel(this.t('Add a Note (Optional)'));
  }
  get noteCounter() {
    return this.page.locator('#note-counter');
  }
  get send() {
    return this.page.getByRole('button', {
      name: mentioningAnyIn(this.locale, 'Send Desire', 'Sending...'),
    });
  }

  constructor(
    readonly page: Page | Frame,
    readonly locale: Locale = 'en',
  ) {}

  private t(id: string): string {
    return textIn(this.locale, id);
  }

  async expectOpen(): Promise<void> {
    await expectUrl(this.page, /\/$/);
    await expect(this.heading).toBeVisible();
  }

  async setScores(intensity: number, urgency: number): Promise<void> {
    await this.intensity.fill(String(intensity));
    await this.urgency.fill(String(urgency));
  }

  async sendDesire(options: { intensity: number; urgency: number; note?: string }): Promise<void> {
    await this.setScores(options.intensity, options.urgency);
    await this.note.fill(options.note ?? '');
    await this.send.click();
  }
}
