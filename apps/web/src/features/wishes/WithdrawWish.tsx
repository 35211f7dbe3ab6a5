import { useState } from 'react';
import { Undo2 } from 'lucide-react';
import { toast } from '../../lib/toast.js';
import { useI18n } from '../../lib/i18n.js';
import { logClientError } from '../../lib/client-errors.js';
import { errorText } from './error-text.js';

/** Takes back a wish this person proposed: it leaves both lists, and any match on it. */
export function WithdrawWish({
  wish,
  onWithdraw,
}: {
  wish: string;
  onWithdraw: () => Promise<void>;
}) {
  const i18n = useI18n();
  const [busy, setBusy] = useState(false);

  async function withdraw() {
    setBusy(true);
    try {
      await onWithdraw();
      toast.success(i18n._('Your wish was withdrawn'));
    } catch (error) {
      logClientError('withdraw_wish', error);
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      disabled={busy}
      aria-label={i18n._('Withdraw “{wish}”', { wish })}
      onClick={() => void withdraw()}
      className="inline-flex min-h-11 items-center gap-2 self-start rounded-xl px-3 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
    >
      <Undo2 className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {i18n._('Withdraw')}
    </button>
  );
}
