/**
 * An on/off switch with its label beside it. The visible track is 32 px high; the button around
 * it is 44 px, the touch target docs/accessibility.md asks for.
 */
export function Switch({
  checked,
  onChange,
  labelId,
  descriptionId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  labelId: string;
  descriptionId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
      onClick={() => onChange(!checked)}
      className="flex min-h-11 min-w-14 shrink-0 items-center justify-center rounded-full"
    >
      <span
        className={`relative h-8 w-14 rounded-full transition-colors ${
          checked ? 'bg-brand-700' : 'bg-slate-400'
        }`}
        aria-hidden="true"
      >
        <span
          className={`absolute start-1 top-1 size-6 rounded-full bg-white shadow transition-transform ${
            checked ? 'translate-x-6 rtl:-translate-x-6' : ''
          }`}
        />
      </span>
    </button>
  );
}
