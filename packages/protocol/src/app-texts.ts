/** Texts the spec does not give, added after the walkthrough of issue 17 (docs/decisions.md). */

/** The browser families whose settings differ enough to need their own how-to. */
export type BrowserFamily = 'chromium' | 'firefox' | 'safari' | 'ios' | 'other';

/** Why the notifications switch could not turn on. */
export type PushProblem = 'blocked' | 'unsupported' | 'failed';

export const APP_NAME = 'Couple Desires';

export const APP_TEXTS = {
  /** The welcome screen's one sentence on how the app works. */
  howItWorks:
    'Pair with your partner, then send a desire with how much and how soon: they get it in their inbox and as a notification.',
  /** One name for /notifications on the tab, the sidebar, the heading and the title. */
  inboxTitle: 'Inbox',
  disconnectQuestion:
    'Are you sure you want to disconnect from your partner? You will need a new pairing code to connect again.',
  disconnectHistory:
    'Nothing is deleted: each of you keeps the desires you received, in your inbox. Neither of you can send new ones until you pair again.',
  partnerDisconnectedYou: (name: string) =>
    `${name} disconnected from you. Your shared desires are kept; pair again to send new ones.`,
  partnerDisconnectedYouNoName:
    'Your partner disconnected from you. Your shared desires are kept; pair again to send new ones.',
  pushProblemToast: {
    blocked: 'Notifications are not allowed for this site',
    unsupported: 'Notifications are not available here',
    failed: 'Could not turn notifications on',
  } satisfies Record<PushProblem, string>,
  pushHowTo: {
    blocked: {
      chromium:
        'Click the icon left of the address bar, open Site settings, set Notifications to Allow, then reload and turn the switch on.',
      firefox:
        'Click the icon left of the address bar, remove the blocked Notifications permission, then reload and turn the switch on.',
      safari:
        'Open Safari › Settings › Websites › Notifications, set this site to Allow, then turn the switch on.',
      ios: 'Open Settings › Notifications › Couple Desires and turn Allow Notifications on, then turn the switch on.',
      other:
        "Allow notifications for this site in your browser's site settings, then reload and turn the switch on.",
    },
    unsupported: {
      chromium:
        'Update Chrome or Edge to a recent version, and do not use a guest or incognito window.',
      firefox: 'Update Firefox to a recent version, and do not use a private window.',
      safari: 'Update to Safari 16 or later on macOS 13 or later.',
      ios: 'On iPhone and iPad, add the app to your Home Screen first (Share › Add to Home Screen), open it from there, then turn notifications on.',
      other: 'Try a recent Chrome, Edge, Firefox or Safari.',
    },
    failed: {
      chromium:
        'Check your connection and try again. In Brave, turn on "Use Google services for push messaging" in settings.',
      firefox: 'Check your connection and try again in a moment.',
      safari: 'Check your connection and try again in a moment.',
      ios: 'Check your connection, open the app from your Home Screen and try again.',
      other: 'Check your connection and try again in a moment.',
    },
  } satisfies Record<PushProblem, Record<BrowserFamily, string>>,
  shareCode: 'Share Code',
  copyLink: 'Copy Link',
  linkCopied: 'Link copied to clipboard!',
  shareCodeTitle: 'Couple Desires pairing code',
  shareCodeText: (code: string) =>
    `Connect with me on Couple Desires: open the link or enter the code ${code}.`,
  qrLabel: (code: string) => `QR code of a link with pairing code ${code}`,
  themeTitle: 'Appearance',
  themeLabels: { system: 'System', light: 'Light', dark: 'Dark' },
  /**
   * Settings › Notifications inside a Farcaster client: the browser's push cannot work in its
   * frame, so adding the mini-app (with its notifications) takes the switch's place.
   */
  addMiniAppIntro:
    'Add the app to your Farcaster client to open it from there and be notified of new desires.',
  addMiniApp: 'Add to Farcaster',
  miniAppAdded: 'Added to Farcaster',
  miniAppAddedStatus: 'Added to your Farcaster client: new desires arrive as its notifications.',
  miniAppAddedSilent:
    'Added to your Farcaster client, with its notifications off: turn them on there to hear of new desires.',
} as const;
