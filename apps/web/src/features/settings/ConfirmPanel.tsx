import { useRef, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { useI18n } from '../../lib/i18n.js';
import { useDialogFocus } from '../../lib/use-dialog-focus.js';

interface ConfirmPanelProps {
  id: string;
  question: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** False keeps the confirm button disabled (e.g. until a password is typed). */
  canConfirm?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

/**
 * The second step of a destructive action: says what will happen, then Cancel or confirm.
 * Focus stays inside until it closes (Cancel, Escape), then returns to the button that asked.
 */
export function ConfirmPanel(props: ConfirmPanelProps) {
  const i18n = useI18n();
  const { id, busy, canConfirm = true } = props;
  const form = useRef<HTMLFormElement>(null);
  const onKeyDown = useDialogFocus(form, () => {
    if (!busy) props.onCancel();
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy && canConfirm) props.onConfirm();
  }
  return (
    <form
      ref={form}
      role="alertdialog"
      aria-labelledby={id}
      onKeyDown={onKeyDown}
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl bg-red-50 p-4"
    >
      <div id={id} className="flex flex-col gap-2 text-sm text-red-950">
        {props.question}
      </div>
      {props.children}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <Button variant="secondary" onClick={props.onCancel} disabled={busy}>
          {i18n._('Cancel')}
        </Button>
        <Button
          type="submit"
          className="bg-red-700 hover:bg-red-800"
          disabled={busy || !canConfirm}
        >
          {busy ? props.busyLabel : props.confirmLabel}
        </Button>
      </div>
    </form>
  );
}
