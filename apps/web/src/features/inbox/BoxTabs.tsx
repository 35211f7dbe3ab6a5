import { useI18n } from '../../lib/i18n.js';
import type { MessageBox } from './queries.js';

const TABS: { box: MessageBox; label: string }[] = [
  { box: 'received', label: /*i18n*/ 'Received' },
  { box: 'sent', label: /*i18n*/ 'Sent' },
];

/** Received and sent desires, one segmented control (the choice lives in the URL: ?view=sent). */
export function BoxTabs({
  box,
  onChange,
}: {
  box: MessageBox;
  onChange: (box: MessageBox) => void;
}) {
  const i18n = useI18n();
  return (
    <div
      role="tablist"
      aria-label={i18n._('Desires')}
      className="grid grid-cols-2 rounded-xl bg-brand-100 p-1"
    >
      {TABS.map((tab) => (
        <button
          key={tab.box}
          type="button"
          role="tab"
          aria-selected={box === tab.box}
          onClick={() => onChange(tab.box)}
          className={`min-h-10 rounded-lg text-sm font-semibold ${
            box === tab.box ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700'
          }`}
        >
          {i18n._(tab.label)}
        </button>
      ))}
    </div>
  );
}
