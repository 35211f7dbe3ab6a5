import { useState } from 'react';
import { APP_TEXTS } from '@couple/protocol/browser';
import { toast } from '../../lib/toast.js';
import { Button } from '../../components/Button.js';
import { errorMessage, logClientError } from '../../lib/client-errors.js';
import { useI18n } from '../../lib/i18n.js';
import { addMiniApp } from './actions.js';
import type { MiniAppHost } from './host.js';

type Added = false | 'notifying' | 'silent';

/** The SDK's own failure texts, marked so they are translated; any other is shown as it came. */
const SDK_TEXTS: readonly string[] = [
  /*i18n*/ 'Invalid domain manifest',
  /*i18n*/ 'Add miniapp rejected by user',
];

/**
 * Inside a Farcaster client, adding the mini-app is what installing and the push switch are
 * elsewhere: the client then sends the new-desire notifications.
 */
export function AddMiniAppButton({ host }: { host: MiniAppHost }) {
  const i18n = useI18n();
  const [busy, setBusy] = useState(false);
  // The host's context is read once at start-up; an add made here is known from its answer.
  const { client } = host.context;
  const [added, setAdded] = useState<Added>(
    client.added && (client.notificationDetails ? 'notifying' : 'silent'),
  );

  async function add() {
    setBusy(true);
    try {
      setAdded((await addMiniApp(host)) ? 'notifying' : 'silent');
      toast.success(i18n._(APP_TEXTS.miniAppAdded));
    } catch (error) {
      logClientError('add_miniapp', error);
      const text = errorMessage(error);
      toast.error(SDK_TEXTS.includes(text) ? i18n._(text) : text);
    } finally {
      setBusy(false);
    }
  }

  if (added) {
    const text =
      added === 'notifying' ? APP_TEXTS.miniAppAddedStatus : APP_TEXTS.miniAppAddedSilent;
    return <p className="text-sm text-slate-700">{i18n._(text)}</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">{i18n._(APP_TEXTS.addMiniAppIntro)}</p>
      <Button variant="secondary" onClick={() => void add()} disabled={busy}>
        {i18n._(APP_TEXTS.addMiniApp)}
      </Button>
    </div>
  );
}
