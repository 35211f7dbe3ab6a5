import { useI18n } from '../lib/i18n.js';

/**
 * A segmented control of two or more views of one screen (inbox: received / sent; wishes: one
 * at a time / all). `label` and each option's `label` are catalog ids, shown translated.
 */
export function SegmentedTabs<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const i18n = useI18n();
  return (
    <div
      role="tablist"
      aria-label={i18n._(label)}
      className="grid auto-cols-fr grid-flow-col rounded-xl bg-brand-100 p-1"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={value === option.value}
          onClick={() => onChange(option.value)}
          className={`min-h-11 rounded-lg text-sm font-semibold ${
            value === option.value ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700'
          }`}
        >
          {i18n._(option.label)}
        </button>
      ))}
    </div>
  );
}
