import { Download, PlusSquare, Share } from 'lucide-react';
import { useI18n } from '../../lib/i18n.js';

/**
 * The three iOS steps to put the app on the Home Screen (SPEC §2 install card). One list for
 * every place that needs them: the install card and the notifications switch, which on an
 * iPhone outside the Home Screen cannot work until they are done.
 */
export function IosInstallSteps({ className = '' }: { className?: string }) {
  const i18n = useI18n();
  return (
    <ol className={`flex flex-col gap-2 text-sm text-slate-700 ${className}`}>
      <li className="flex items-center gap-2">
        <Share className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        {i18n._('1. Tap Share in the browser toolbar')}
      </li>
      <li className="flex items-center gap-2">
        <PlusSquare className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        {i18n._('2. Choose Add to Home Screen')}
      </li>
      <li className="flex items-center gap-2">
        <Download className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        {i18n._('3. Tap Add')}
      </li>
    </ol>
  );
}
