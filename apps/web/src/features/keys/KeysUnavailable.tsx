import { KEY_TEXTS } from '@couple/protocol/browser';
import { useMiniAppHost } from '../miniapp/host.js';
import { logClientError } from '../../lib/client-errors.js';
import { Button } from '../../components/Button.js';
import { useI18n } from '../../lib/i18n.js';

/**
 * Why notes cannot be read or sent on this device. Inside a mini-app host the cause is the
 * host's frame (third-party storage blocked), so the way out is the app's own tab.
 */
export function KeysUnavailable({ className }: { className?: string }) {
  const i18n = useI18n();
  const host = useMiniAppHost();
  if (host.status !== 'host') return <p className={className}>{i18n._(KEY_TEXTS.unavailable)}</p>;
  const open = () =>
    void Promise.resolve(host.host.sdk.actions.openUrl(window.location.origin)).catch(
      (error: unknown) => logClientError('open_in_browser', error),
    );
  return (
    <div className="flex flex-1 flex-col gap-2">
      <p className={className}>{i18n._(KEY_TEXTS.unavailableInHost)}</p>
      <Button onClick={open}>{i18n._(KEY_TEXTS.openInBrowser)}</Button>
    </div>
  );
}
