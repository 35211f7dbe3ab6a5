import { useI18n } from '../lib/i18n.js';

/** lucide's "heart", drawn inline: the start-up screen loads before any icon library. */
const HEART_PATH =
  'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5';

/** Start-up screen while the session and profile are checked (always time-limited). */
export function Splash() {
  const i18n = useI18n();
  return (
    <div className="grid min-h-dvh place-items-center" role="status" aria-label={i18n._('Loading')}>
      <svg
        viewBox="0 0 24 24"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-12 animate-pulse fill-brand-600 stroke-brand-600"
        aria-hidden="true"
      >
        <path d={HEART_PATH} />
      </svg>
    </div>
  );
}
