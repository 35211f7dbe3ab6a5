import type { Frame, Page } from '@playwright/test';
import type { Locale } from '@couple/protocol';
import { SHELL_TEXTS } from '@couple/protocol/browser';
import { mentioningAnyIn, textIn } from '../support/texts.js';

export type Section = 'desire' | 'inbox' | 'wishes' | 'profile' | 'settings';

/**
 * Link names (their ids): the mobile tab's and the desktop sidebar's, which name the same five
 * places; a link's name may also hold its unread badge.
 */
const LINKS: Record<Section, readonly string[]> = {
  desire: ['Desire', 'Share Desire'],
  inbox: [SHELL_TEXTS.inboxTitle],
  wishes: ['Wishes'],
  profile: ['Profile'],
  settings: ['Settings'],
};

/** The signed-in shell: whichever navigation is visible (sidebar or tabs) and its badge. */
export class Layout {
  get nav() {
    return this.page
      .getByRole('navigation', { name: textIn(this.locale, 'Main') })
      .filter({ visible: true });
  }
  /** The phone's bottom tab bar (the same navigation, fixed to the bottom). */
  get tabBar() {
    return this.page.locator('nav.fixed').filter({ visible: true });
  }
  get unreadBadge() {
    return this.page.getByTestId('unread-badge').filter({ visible: true });
  }

  constructor(
    readonly page: Page | Frame,
    readonly locale: Locale = 'en',
  ) {}

  link(section: Section) {
    return this.nav.getByRole('link', { name: mentioningAnyIn(this.locale, ...LINKS[section]) });
  }

  async open(section: Section): Promise<void> {
    await this.link(section).click();
  }
}
