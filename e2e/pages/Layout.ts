import type { Frame, Page } from '@playwright/test';

export type Section = 'desire' | 'inbox' | 'profile' | 'settings';

/** Link names: the desktop sidebar and the mobile tabs name the same four places. */
const LINKS: Record<Section, RegExp> = {
  desire: /Desire/,
  inbox: /Inbox/,
  profile: /Profile/,
  settings: /Settings/,
};

/** The signed-in shell: whichever navigation is visible (sidebar or tabs) and its badge. */
export class Layout {
  get nav() {
    return this.page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
  }
  /** The phone's bottom tab bar (the same navigation, fixed to the bottom). */
  get tabBar() {
    return this.page.locator('nav.fixed').filter({ visible: true });
  }
  get unreadBadge() {
    return this.page.getByTestId('unread-badge').filter({ visible: true });
  }

  constructor(readonly page: Page | Frame) {}

  link(section: Section) {
    return this.nav.getByRole('link', { name: LINKS[section] });
  }

  async open(section: Section): Promise<void> {
    await this.link(section).click();
  }
}
