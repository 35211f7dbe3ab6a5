import { useEffect, useRef, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { IOS_INSTALL_PROMPT_DELAY_MS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { STORAGE_KEYS } from '../../lib/constants.js';
import { useI18n } from '../../lib/i18n.js';
import { readStorage, writeStorage } from '../../lib/storage.js';
import { useDialogFocus } from '../../lib/use-dialog-focus.js';
import { isFramed } from '../miniapp/host.js';
import { IosInstallSteps } from './IosInstallSteps.js';
import { isIos, promptInstall, useInstallState } from './install-store.js';

function Shell({
  title,
  children,
  onClose,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const card = useRef<HTMLElement>(null);
  // It appears on its own: it keeps focus once the person enters it, but never takes it.
  const onKeyDown = useDialogFocus(card, onClose, { takeFocus: false });
  return (
    <section
      ref={card}
      role="dialog"
      aria-labelledby="install-title"
      onKeyDown={onKeyDown}
      className="fixed inset-x-3 bottom-20 z-30 mx-auto max-w-md rounded-2xl bg-white p-5 shadow-xl ring-1 ring-brand-100 md:bottom-6"
    >
      <div className="mb-3 flex items-start justify-between gap-3">
        <h2 id="install-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={i18n._('Close')}
          className="rounded-lg p-1 text-slate-600 hover:bg-slate-100"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      {children}
    </section>
  );
}

/** SPEC §2 install card: deferred browser prompt, or iOS steps after 5 s; dismissal remembered per platform. */
export function InstallPrompt() {
  const i18n = useI18n();
  const { canPrompt, standalone } = useInstallState();
  const ios = isIos();
  const seenKey = ios ? STORAGE_KEYS.installPromptSeenIos : STORAGE_KEYS.installPromptSeen;
  const [dismissed, setDismissed] = useState(() => readStorage(seenKey) !== null);
  const [iosDue, setIosDue] = useState(false);

  useEffect(() => {
    if (!ios || dismissed || standalone) return;
    const timer = setTimeout(() => setIosDue(true), IOS_INSTALL_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ios, dismissed, standalone]);

  // Inside a Farcaster client the host owns "install" (add mini-app).
  if (standalone || dismissed || isFramed()) return null;
  const dismiss = () => {
    writeStorage(seenKey, String(Date.now()));
    setDismissed(true);
  };

  if (ios && iosDue) {
    return (
      <Shell title={i18n._('Install Couple Desires')} onClose={dismiss}>
        <IosInstallSteps className="mb-4" />
        <Button onClick={dismiss}>{i18n._('Got it')}</Button>
      </Shell>
    );
  }
  if (!ios && canPrompt) {
    return (
      <Shell title={i18n._('Install Couple Desires')} onClose={dismiss}>
        <p className="mb-4 text-sm text-slate-700">
          {i18n._('Add the app to your home screen for quick access and notifications.')}
        </p>
        <div className="flex gap-3">
          <Button variant="secondary" onClick={dismiss}>
            {i18n._('Not now')}
          </Button>
          <Button onClick={() => void promptInstall().then((accepted) => accepted && dismiss())}>
            {i18n._('Install')}
          </Button>
        </div>
      </Shell>
    );
  }
  return null;
}
