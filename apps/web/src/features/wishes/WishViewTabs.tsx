import { useI18n } from '../../lib/i18n.js';

export type WishView = 'one' | 'list';

const VIEWS: { view: WishView; label: string }[] = [
  { view: 'one', label: /*i18n*/ 'One at a time' },
  { view: 'list', label: /*i18n*/ 'All wishes' },
];

/** The card flow or the whole list (the choice lives in the URL: ?view=list). */
export function WishViewTabs({
  view,
  onChange,
}: {
  view: WishView;
  onChange: (view: WishView) => void;
}) {
  const i18n = useI18n();
  return (
    <div
      role="tablist"
      aria-label={i18n._('How to answer')}
      className="grid grid-cols-2 rounded-xl bg-brand-100 p-1"
    >
      {VIEWS.map((tab) => (
        <button
          key={tab.view}
          type="button"
          role="tab"
          aria-selected={view === tab.view}
          onClick={() => onChange(tab.view)}
          className={`min-h-11 rounded-lg text-sm font-semibold ${
            view === tab.view ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700'
          }`}
        >
          {i18n._(tab.label)}
        </button>
      ))}
    </div>
  );
}
