import { useState } from 'react';
import { APP_TEXTS } from '@couple/protocol/browser';
import { toast } from '../../lib/toast.js';
import { Button } from '../../components/Button.js';
import { errorMessage, logClientError } from '../../lib/client-errors.js';
import { addMiniApp } from './actions.js';
import type { MiniAppHost } from './host.js';

type Added = false | 'notifying' | 'silent';

/**
 * Inside a Farcaster client, adding the mini-app is what installing and the push switch are
 * elsewhere: the client then sends the new-desire notifications.
 */
export function AddMiniAppButton({ host }: { host: MiniAppHost }) {
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
      toast.success(APP_TEXTS.miniAppAdded);
    } catch (error) {
      // The SDK's own texts: 'Invalid domain manifest', 'Add miniapp rejected by user'.
      logClientError('add_miniapp', error);
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  if (added) {
    const text =
      added === 'notifying' ? APP_TEXTS.miniAppAddedStatus : APP_TEXTS.miniAppAddedSilent;
    return <p className="text-sm text-slate-700">{text}</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">{APP_TEXTS.addMiniAppIntro}</p>
      <Button variant="secondary" onClick={() => void add()} disabled={busy}>
        {APP_TEXTS.addMiniApp}
      </Button>
    </div>
  );
}
