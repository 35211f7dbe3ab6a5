import { CheckCircle2 } from 'lucide-react';
import { Button } from '../../components/Button.js';
import { useI18n } from '../../lib/i18n.js';
import { promptInstall, useInstallState } from '../install/install-store.js';

export function InstallStatus() {
  const i18n = useI18n();
  const { canPrompt, standalone } = useInstallState();
  if (standalone) {
    return (
      <p className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">
        <CheckCircle2 className="size-4" aria-hidden="true" />
        {i18n._('Installed')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        {i18n._(
          'Install the app for the best experience: open your browser menu and choose Add to Home Screen.',
        )}
      </p>
      {canPrompt && (
        <Button variant="secondary" onClick={() => void promptInstall()}>
          {i18n._('Install')}
        </Button>
      )}
    </div>
  );
}
