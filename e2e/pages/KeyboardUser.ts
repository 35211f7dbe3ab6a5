import { expect, type Locator, type Page } from '@playwright/test';

const MAX_TABS = 60;

/**
 * A person who uses the keyboard only: Tab and Shift+Tab to reach a control, Enter, Space and
 * the arrow keys to use it. Every element Tab focuses on the way must show a visible focus
 * indicator: an outline on itself or, for a visually hidden input, on its label. (Focus that a
 * script moves, as sonner does when a focused toast times out, is not checked on the way.)
 */
export class KeyboardUser {
  constructor(readonly page: Page) {}

  /** Whether the focused element (or the label standing in for a hidden input) shows focus. */
  focusIndicator(): Promise<string | null> {
    return this.page.evaluate(() => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || focused === document.body) return null;
      const hidden = focused.getBoundingClientRect().width <= 1;
      const shown = hidden ? (focused.closest('label') ?? focused.parentElement) : focused;
      if (!shown) return 'nothing to show focus on';
      // Focus a script put back (sonner does when a focused toast leaves) is not the keyboard's.
      if (!focused.matches(':focus-visible')) return 'moved by a script';
      const style = getComputedStyle(shown);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline ? 'visible' : `no focus indicator on ${focused.outerHTML.slice(0, 120)}`;
    });
  }

  async expectFocusVisible(): Promise<void> {
    expect(await this.focusIndicator()).toBe('visible');
  }

  /** Presses Tab (or Shift+Tab) until the target has focus, checking each stop's indicator. */
  async tabTo(target: Locator, { backwards = false } = {}): Promise<void> {
    for (let presses = 0; presses < MAX_TABS; presses += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) {
        await this.expectFocusVisible();
        return;
      }
      await this.page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
      const indicator = await this.focusIndicator();
      if (indicator !== null && indicator !== 'moved by a script') {
        expect(indicator).toBe('visible');
      }
    }
    throw new Error(`${MAX_TABS} presses of Tab never reached ${target.toString()}`);
  }

  /** Reaches a control by Tab and presses Enter on it. */
  async activate(target: Locator): Promise<void> {
    await this.tabTo(target);
    await this.page.keyboard.press('Enter');
  }

  async type(target: Locator, text: string): Promise<void> {
    await this.tabTo(target);
    await this.page.keyboard.type(text);
  }

  async press(key: string, times = 1): Promise<void> {
    for (let count = 0; count < times; count += 1) await this.page.keyboard.press(key);
  }

  async expectFocused(target: Locator): Promise<void> {
    await expect(target).toBeFocused();
    await this.expectFocusVisible();
  }
}
