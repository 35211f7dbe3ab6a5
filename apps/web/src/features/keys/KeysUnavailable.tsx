import { KEY_TEXTS } from '@couple/protocol/browser';
import { useMiniAppHost } from '../miniapp/host.js';
import { logClientError } from '../../lib/client-errors.js';

/**
 * Why notes cannot be read or sent on this device. Inside a mini-app host the cause is the
 * host's frame (third-party storage blocked), so the way out is the app's own tab.
 */
export function KeysUnavailable({ className }: { className?: string }) {
  const host = useMiniAppHost();
  if (host.status !== 'host') return <p className={className}>{KEY_TEXTS.unavailable}</p>;
  const open = () =>
    void Promise.resolve(host.host.sdk.actions.openUrl(window.location.origin)).catch(
      (error: unknown) => logClientError('open_in_browser', error),
    );
  return (
    <div className="flex flex-col items-start gap-2">
      <p className={className}>{KEY_TEXTS.unavailableInHost}</p>
      <button
        type="button"
        onClick={open}
        className="inline-flex min-h-10 items-center justify-center rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
      >
        {KEY_TEXTS.openInBrowser}
      </button>
    </div>
  );
}
