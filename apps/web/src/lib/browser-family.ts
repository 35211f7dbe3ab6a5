import type { BrowserFamily } from '@couple/protocol/browser';

/**
 * The family whose notification settings a how-to should describe. Every browser on iOS is
 * WebKit and gets push only once the app is on the Home Screen, so iOS comes first.
 */
export function browserFamily(userAgent: string): BrowserFamily {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Firefox\//.test(userAgent)) return 'firefox';
  if (/Edg\/|Chrome\/|Chromium\//.test(userAgent)) return 'chromium';
  if (/Safari\//.test(userAgent) && /Version\//.test(userAgent)) return 'safari';
  return 'other';
}
