import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/Button.js';
import { useI18n } from '../../../lib/i18n.js';

interface Props {
  label: string;
  value: string;
  /** The form, given a way to close itself (after saving or on Cancel). */
  children: (close: () => void) => ReactNode;
}

/** One sign-in detail: its current value and a Change button that opens its form in place. */
export function AccountRow({ label, value, children }: Props) {
  const i18n = useI18n();
  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <div className="flex flex-col gap-3 border-b border-slate-100 pb-3 last:border-b-0 last:pb-0">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <p className="truncate text-base text-slate-900" title={value}>
            {value}
          </p>
        </div>
        {!open && (
          <Button
            variant="secondary"
            className="w-auto! shrink-0"
            aria-expanded={false}
            aria-controls={formId}
            aria-label={i18n._('Change {detail}', { detail: label.toLocaleLowerCase(i18n.locale) })}
            onClick={() => setOpen(true)}
          >
            {i18n._('Change')}
          </Button>
        )}
      </div>
      {open && <div id={formId}>{children(() => setOpen(false))}</div>}
    </div>
  );
}

/** Save and Cancel of an AccountRow's form. */
export function FormActions({
  busy,
  busyLabel,
  onCancel,
}: {
  busy: boolean;
  busyLabel: string;
  onCancel: () => void;
}) {
  const i18n = useI18n();
  return (
    <div className="flex gap-3">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {i18n._('Cancel')}
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : i18n._('Save')}
      </Button>
    </div>
  );
}
