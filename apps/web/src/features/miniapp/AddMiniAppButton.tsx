import { useState } from 'react';
import { toast } from '../../lib/toast.js';
import { Button } from '../../components/Button.js';
import { errorMessage, logClientError } from '../../lib/client-errors.js';
import { addMiniApp } from './actions.js';
import type { MiniAppHost } from './host.js';

export function AddMiniAppButton({ host }: { host: MiniAppHost }) {
  const [busy, setBusy] = useState(false);
  const added = host.context.client.added;

  async function add() {
    setBusy(true);
    try {
      await addMiniApp(host);
      toast.success('Added to Farcaster');
    } catch (error) {
      // The SDK's own texts: 'Invalid domain manifest', 'Add miniapp rejected by user'.
      logClientError('add_miniapp', error);
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  if (added) return <p className="text-sm text-slate-700">Added to your Farcaster client.</p>;
  return (
    <Button variant="secondary" onClick={() => void add()} disabled={busy}>
      Add to Farcaster
    </Button>
  );
}
