import { ArrowLeft } from 'lucide-react';
import { Button } from '../../components/Button.js';
import { useI18n } from '../../lib/i18n.js';

export function BackToOptions({ onBack, disabled }: { onBack: () => void; disabled?: boolean }) {
  const i18n = useI18n();
  return (
    <Button variant="ghost" onClick={onBack} disabled={disabled}>
      {/* Back points where reading started: to the right in Arabic. */}
      <ArrowLeft className="size-5 rtl:-scale-x-100" aria-hidden="true" />
      {i18n._('Back to options')}
    </Button>
  );
}
