import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast.js';
import { APP_TEXTS, TEXTS, type BrowserFamily, type PushProblem } from '@couple/protocol/browser';
import { browserFamily } from '../../lib/browser-family.js';
import { useI18n } from '../../lib/i18n.js';
import { isPushEnabled, isPushSupported, subscribePush, unregisterPush } from '../../lib/push.js';
import { IosInstallSteps } from '../install/IosInstallSteps.js';
import { isIos, useInstallState } from '../install/install-store.js';

function currentProblem(): PushProblem | null {
  if (!isPushSupported()) return 'unsupported';
  return Notification.permission === 'denied' ? 'blocked' : null;
}

/**
 * iOS gives Web Push only to the app opened from the Home Screen (16.4 and later): in Safari's
 * tab the switch cannot work, so it says why and shows the install card's steps instead.
 */
function IosHomeScreenHowTo() {
  const i18n = useI18n();
  return (
    <div id="push-how-to" className="flex flex-col gap-2 rounded-lg bg-amber-50 p-3 text-amber-900">
      <p className="text-sm">
        {i18n._(
          'On iPhone and iPad, notifications work only in the app added to your Home Screen:',
        )}
      </p>
      <IosInstallSteps />
      <p className="text-sm">
        {i18n._('Then open Couple Desires from your Home Screen and turn this switch on there.')}
      </p>
    </div>
  );
}

/** This device's push subscription, turned on and off; each refusal is explained in a toast. */
function usePushSubscription(family: BrowserFamily) {
  const i18n = useI18n();
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PushProblem | null>(currentProblem);

  useEffect(() => {
    void isPushEnabled().then(setEnabled, () => setEnabled(false));
  }, []);

  function explain(found: PushProblem) {
    setProblem(found);
    toast.error(i18n._(APP_TEXTS.pushProblemToast[found]), {
      description: i18n._(APP_TEXTS.pushHowTo[found][family]),
    });
  }

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      if (enabled) {
        await unregisterPush();
        setEnabled(false);
        toast.success(i18n._(TEXTS.notificationsDisabled));
        return;
      }
      // No await before this call: Safari asks for the permission only inside the tap itself.
      const outcome = await subscribePush(true);
      if (!outcome.ok) {
        explain(outcome.problem);
        return;
      }
      setProblem(null);
      setEnabled(true);
      toast.success(i18n._(TEXTS.notificationsEnabled));
    } finally {
      setBusy(false);
    }
  }

  return { enabled, busy, problem, toggle };
}

/** Under the switch's label: what it does, or why it cannot. */
function PushSwitchHint({
  problem,
  needsHomeScreen,
}: {
  problem: PushProblem | null;
  needsHomeScreen: boolean;
}) {
  const i18n = useI18n();
  return (
    <p className="text-sm text-slate-600">
      {needsHomeScreen
        ? i18n._('Needs the app on your Home Screen')
        : problem === 'unsupported'
          ? i18n._('Not supported in this browser')
          : problem === 'blocked'
            ? i18n._('Blocked in your browser settings')
            : i18n._('Get notified when your partner shares a desire')}
    </p>
  );
}

/** The switch never fails silently: each refusal gets a toast and a how-to for this browser. */
export function NotificationToggle() {
  const i18n = useI18n();
  const { standalone } = useInstallState();
  const family = browserFamily(navigator.userAgent);
  const { enabled, busy, problem, toggle } = usePushSubscription(family);
  const needsHomeScreen = problem === 'unsupported' && isIos() && !standalone;
  const howTo = problem && !needsHomeScreen ? APP_TEXTS.pushHowTo[problem][family] : null;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <div>
          <p id="push-label" className="font-medium text-slate-900">
            {i18n._('Push notifications')}
          </p>
          <PushSwitchHint problem={problem} needsHomeScreen={needsHomeScreen} />
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby="push-label"
          aria-describedby={problem ? 'push-how-to' : undefined}
          disabled={busy}
          onClick={() => void toggle()}
          className={`relative h-8 w-14 shrink-0 rounded-full transition-colors disabled:opacity-50 ${
            enabled ? 'bg-brand-700' : 'bg-slate-400'
          }`}
        >
          <span
            className={`absolute start-1 top-1 size-6 rounded-full bg-white shadow transition-transform ${
              enabled ? 'translate-x-6 rtl:-translate-x-6' : ''
            }`}
            aria-hidden="true"
          />
        </button>
      </div>
      {needsHomeScreen && <IosHomeScreenHowTo />}
      {howTo && (
        <p id="push-how-to" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {i18n._(howTo)}
        </p>
      )}
    </div>
  );
}
