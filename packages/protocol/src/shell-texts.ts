/**
 * The few texts the app shell needs on its first load (the tabs, the disconnect and busy notices), in a
 * module of their own: a module is bundled whole, and app-texts.ts is kilobytes of how-tos.
 */
export const SHELL_TEXTS = {
  /** One name for /notifications on the tab, the sidebar, the heading and the title. */
  inboxTitle: /*i18n*/ 'Inbox',
  partnerDisconnectedYou:
    /*i18n*/ '{name} disconnected from you. Your shared desires are kept; pair again to send new ones.',
  partnerDisconnectedYouNoName:
    /*i18n*/ 'Your partner disconnected from you. Your shared desires are kept; pair again to send new ones.',
  /** While a call the server refused for load waits to be sent again (on every screen). */
  busyRetrying: /*i18n*/ 'The server is busy: trying again…',
} as const;
