/** Texts the spec does not give, added after the walkthrough of issue 17 (docs/decisions.md). */

/** The browser families whose settings differ enough to need their own how-to. */
export type BrowserFamily = 'chromium' | 'firefox' | 'safari' | 'ios' | 'other';

/** Why the notifications switch could not turn on. */
export type PushProblem = 'blocked' | 'unsupported' | 'failed';

export const APP_NAME = 'Couple Desires';

export const APP_TEXTS = {
  /** The welcome screen's one sentence on how the app works. */
  howItWorks:
    /*i18n*/ 'Pair with your partner, then send a desire with how much and how soon: they get it in their inbox and as a notification.',
  disconnectQuestion:
    /*i18n*/ 'Are you sure you want to disconnect from your partner? You will need a new pairing code to connect again.',
  disconnectHistory:
    /*i18n*/ 'Nothing is deleted: each of you keeps the desires you received, in your inbox. Neither of you can send new ones until you pair again.',
  pushProblemToast: {
    blocked: /*i18n*/ 'Notifications are not allowed for this site',
    unsupported: /*i18n*/ 'Notifications are not available here',
    failed: /*i18n*/ 'Could not turn notifications on',
  } satisfies Record<PushProblem, string>,
  pushHowTo: {
    blocked: {
      chromium:
        /*i18n*/ 'Click the icon left of the address bar, open Site settings, set Notifications to Allow, then reload and turn the switch on.',
      firefox:
        /*i18n*/ 'Click the icon left of the address bar, remove the blocked Notifications permission, then reload and turn the switch on.',
      safari:
        /*i18n*/ 'Open Safari › Settings › Websites › Notifications, set this site to Allow, then turn the switch on.',
      ios: /*i18n*/ 'Open Settings › Notifications › Couple Desires and turn Allow Notifications on, then turn the switch on.',
      other:
        /*i18n*/ "Allow notifications for this site in your browser's site settings, then reload and turn the switch on.",
    },
    unsupported: {
      chromium:
        /*i18n*/ 'Update Chrome or Edge to a recent version, and do not use a guest or incognito window.',
      firefox: /*i18n*/ 'Update Firefox to a recent version, and do not use a private window.',
      safari: /*i18n*/ 'Update to Safari 16 or later on macOS 13 or later.',
      ios: /*i18n*/ 'On iPhone and iPad, add the app to your Home Screen first (Share › Add to Home Screen), open it from there, then turn notifications on.',
      other: /*i18n*/ 'Try a recent Chrome, Edge, Firefox or Safari.',
    },
    failed: {
      chromium:
        /*i18n*/ 'Check your connection and try again. In Brave, turn on "Use Google services for push messaging" in settings.',
      firefox: /*i18n*/ 'Check your connection and try again in a moment.',
      safari: /*i18n*/ 'Check your connection and try again in a moment.',
      ios: /*i18n*/ 'Check your connection, open the app from your Home Screen and try again.',
      other: /*i18n*/ 'Check your connection and try again in a moment.',
    },
  } satisfies Record<PushProblem, Record<BrowserFamily, string>>,
  shareCode: /*i18n*/ 'Share Code',
  copyLink: /*i18n*/ 'Copy Link',
  linkCopied: /*i18n*/ 'Link copied to clipboard!',
  shareCodeTitle: /*i18n*/ 'Couple Desires pairing code',
  shareCodeText:
    /*i18n*/ 'Connect with me on Couple Desires: open the link or enter the code {code}.',
  qrLabel: /*i18n*/ 'QR code of a link with pairing code {code}',
  themeTitle: /*i18n*/ 'Appearance',
  themeLabels: { system: 'System', light: 'Light', dark: 'Dark' },
  /**
   * Settings › Notifications inside a Farcaster client: the browser's push cannot work in its
   * frame, so adding the mini-app (with its notifications) takes the switch's place.
   */
  addMiniAppIntro:
    /*i18n*/ 'Add the app to your Farcaster client to open it from there and be notified of new desires.',
  addMiniApp: /*i18n*/ 'Add to Farcaster',
  miniAppAdded: /*i18n*/ 'Added to Farcaster',
  miniAppAddedStatus:
    /*i18n*/ 'Added to your Farcaster client: new desires arrive as its notifications.',
  miniAppAddedSilent:
    /*i18n*/ 'Added to your Farcaster client, with its notifications off: turn them on there to hear of new desires.',
} as const;
