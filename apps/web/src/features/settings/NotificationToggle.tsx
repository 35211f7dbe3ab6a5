import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast.js';
import { APP_TEXTS, TEXTS, type PushProblem } from '@couple/protocol/browser';
import { browserFamily } from '../../lib/browser-family.js';
import { isPushEnabled, isPushSupported, subscribePush, unregisterPush } from '../../lib/push.js';

function currentProblem(): PushProblem | null {
  if (!isPushSupported()) return 'unsupported';
  return Notification.permission === 'denied' ? 'blocked' : null;
}

/** The switch never fails silently: each refusal gets a toast and a how-to for this browser. */
export function NotificationToggle() {
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PushProblem | null>(currentProblem);
  const howTo = problem ? APP_TEXTS.pushHowTo[problem][browserFamily(navigator.userAgent)] : null;

  useEffect(() => {
    void isPushEnabled().then(setEnabled, () => setEnabled(false));
  }, []);

  function explain(found: PushProblem) {
    setProblem(found);
    toast.error(APP_TEXTS.pushProblemToast[found], {
      description: APP_TEXTS.pushHowTo[found][browserFamily(navigator.userAgent)],
    });
  }

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      if (enabled) {
        await unregisterPush();
        setEnabled(false);
        toast.success(TEXTS.notificationsDisabled);
        return;
      }
      const outcome = await subscribePush(true);
      if (!outcome.ok) {
        explain(outcome.problem);
        return;
      }
      setProblem(null);
      setEnabled(true);
      toast.success(TEXTS.notificationsEnabled);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <div>
          <p id="push-label" className="font-medium text-slate-900">
            Push notifications
          </p>
          <p className="text-sm text-slate-600">
            {problem === 'unsupported'
              ? 'Not supported in this browser'
              : problem === 'blocked'
                ? 'Blocked in your browser settings'
                : 'Get notified when your partner shares a desire'}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby="push-label"
          aria-describedby={howTo ? 'push-how-to' : undefined}
          disabled={busy}
          onClick={() => void toggle()}
          className={`relative h-8 w-14 shrink-0 rounded-full transition-colors disabled:opacity-50 ${
            enabled ? 'bg-brand-700' : 'bg-slate-400'
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
      {howTo && (
        <p id="push-how-to" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {howTo}
        </p>
      )}
    </div>
  );
}
