import { ChevronDown, EyeOff } from 'lucide-react';
import { useI18n } from '../../lib/i18n.js';

/**
 * What the matching guarantees, and its one limit, in plain words (issue 29; the protocol and
 * its security model: docs/security.md, "Private wish matching"). Every sentence is true of the
 * design: answers never leave the device in the clear (only sealed to the person's own key, for
 * their other devices: backup-sync.ts), only the intersection is learned.
 * Open until this device holds an answer; then one line, so the card comes first on a phone.
 * Open again while the partner's device left rounds unfinished: an initiator learns the
 * matches before it finishes (unfinished-rounds.ts), and this device counted those.
 */
export function WishPrivacy({ open, unfinished }: { open: boolean; unfinished: number }) {
  const i18n = useI18n();
  return (
    <details
      open={open || unfinished > 0}
      className="group rounded-2xl bg-brand-50 px-4 py-1 text-sm text-slate-800 ring-1 ring-brand-200"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 [&::-webkit-details-marker]:hidden">
        <EyeOff className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <h2 id="wish-privacy-title" className="flex-1 text-base font-semibold text-slate-900">
          {i18n._('Just between the two of you')}
        </h2>
        <ChevronDown
          className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <ul aria-labelledby="wish-privacy-title" className="flex list-disc flex-col gap-1 pb-3 ps-5">
        <li>
          {i18n._(
            'Your answers leave this device only encrypted with your own key, for your other devices: no one else can read them.',
          )}
        </li>
        <li>
          {i18n._('Only the wishes you both said yes to are shown, and only to the two of you.')}
        </li>
        <li>
          {i18n._(
            'Your partner never sees a no or a maybe, and the server sees none of your answers.',
          )}
        </li>
        <li>
          {i18n._(
            'To be honest about the limit: if your partner says yes to everything, they learn every yes of yours. That is true of any mutual match.',
          )}
        </li>
        {unfinished > 0 && (
          <li data-testid="wish-unfinished-rounds">
            {i18n._(
              '{count, plural, one {Your partner’s device started # matching round that this device answered, and has not finished it. It may have seen what matched without sharing it with you.} other {Your partner’s device started # matching rounds that this device answered, and has not finished them. It may have seen what matched without sharing it with you.}}',
              { count: unfinished },
            )}
          </li>
        )}
      </ul>
    </details>
  );
}
