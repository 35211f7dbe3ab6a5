import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Download, PlusSquare, Share, X } from 'lucide-react';
import { IOS_INSTALL_PROMPT_DELAY_MS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { STORAGE_KEYS } from '../../lib/constants.js';
import { readStorage, writeStorage } from '../../lib/storage.js';
import { useDialogFocus } from '../../lib/use-dialog-focus.js';
import { isFramed } from '../miniapp/host.js';
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
          aria-label="Close"
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
      <Shell title="Install Couple Desires" onClose={dismiss}>
        <ol className="mb-4 flex flex-col gap-2 text-sm text-slate-700">
          <li className="flex items-center gap-2">
            <Share className="size-4 text-brand-700" aria-hidden="true" />
            1. Tap Share in the browser toolbar
          </li>
          <li className="flex items-center gap-2">
            <PlusSquare className="size-4 text-brand-700" aria-hidden="true" />
            2. Choose Add to Home Screen
          </li>
          <li className="flex items-center gap-2">
            <Download className="size-4 text-brand-700" aria-hidden="true" />
            3. Tap Add
          </li>
        </ol>
        <Button onClick={dismiss}>Got it</Button>
      </Shell>
    );
  }
  if (!ios && canPrompt) {
    return (
      <Shell title="Install Couple Desires" onClose={dismiss}>
        <p className="mb-4 text-sm text-slate-700">
          Add the app to your home screen for quick access and notifications.
        </p>
        <div className="flex gap-3">
          <Button variant="secondary" onClick={dismiss}>
            Not now
          </Button>
          <Button onClick={() => void promptInstall().then((accepted) => accepted && dismiss())}>
            Install
          </Button>
        </div>
      </Shell>
    );
  }
  return null;
}
