import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { TEXTS } from '@couple/protocol/browser';
import { isPushEnabled, isPushSupported, registerPush, unregisterPush } from '../../lib/push.js';

export function NotificationToggle() {
  const supported = isPushSupported();
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);
  const denied = supported && Notification.permission === 'denied';

  useEffect(() => {
    void isPushEnabled().then(setEnabled, () => setEnabled(false));
  }, []);

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      if (enabled) {
        await unregisterPush();
        setEnabled(false);
        toast.success(TEXTS.notificationsDisabled);
      } else if (await registerPush(true)) {
        setEnabled(true);
        toast.success(TEXTS.notificationsEnabled);
      } else if (Notification.permission === 'denied') {
        toast.error(TEXTS.notificationPermissionDenied);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p id="push-label" className="font-medium text-slate-900">
          Push notifications
        </p>
        <p className="text-sm text-slate-600">
          {!supported
            ? 'Not supported in this browser'
            : denied
              ? 'Blocked in your browser settings'
              : 'Get notified when your partner shares a desire'}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-labelledby="push-label"
        disabled={!supported || busy || (denied && !enabled)}
        onClick={() => void toggle()}
        className={`relative h-8 w-14 shrink-0 rounded-full transition-colors disabled:opacity-50 ${
          enabled ? 'bg-brand-700' : 'bg-slate-300'
        }`}
      >
        <span
          className={`absolute top-1 left-1 size-6 rounded-full bg-white shadow transition-transform ${
            enabled ? 'translate-x-6' : ''
          }`}
          aria-hidden="true"
        />
      </button>
    </div>
  );
}
