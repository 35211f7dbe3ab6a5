import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n.js';
import { keepInView } from '../lib/keep-in-view.js';
import { useDialogFocus } from '../lib/use-dialog-focus.js';
import { Button } from './Button.js';

/**
 * An inline question with Cancel and a red confirm button, opened in place of the button that
 * asked it. It focuses Cancel and brings itself wholly into view above the phone's tab bar,
 * staying there while sections above it finish loading. Focus stays inside until it closes
 * (Cancel, Escape), then returns to the button that asked.
 */
export function ConfirmPanel({
  question,
  details,
  confirmLabel,
  busyLabel,
  busy,
  onCancel,
  onConfirm,
}: {
  question: string;
  details: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const i18n = useI18n();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const onKeyDown = useDialogFocus(panel, () => {
    if (!busy) onCancel();
  });

  useEffect(() => {
    cancel.current?.focus({ preventScroll: true });
    return panel.current ? keepInView(panel.current) : undefined;
  }, []);

  return (
    <div
      ref={panel}
      role="alertdialog"
      aria-labelledby={`${id}-question`}
      aria-describedby={`${id}-details`}
      onKeyDown={onKeyDown}
      className="flex scroll-mt-20 scroll-mb-28 flex-col gap-3 rounded-xl bg-red-50 p-4 md:scroll-mb-6"
    >
      <p id={`${id}-question`} className="font-medium text-red-900">
        {question}
      </p>
      <p id={`${id}-details`} className="text-sm text-red-900">
        {details}
      </p>
      <div className="flex gap-3">
        <Button ref={cancel} variant="secondary" onClick={onCancel} disabled={busy}>
          {i18n._('Cancel')}
        </Button>
        <Button className="bg-red-700 hover:bg-red-800" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </div>
  );
}
