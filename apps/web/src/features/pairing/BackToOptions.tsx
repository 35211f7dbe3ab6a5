import { ArrowLeft } from 'lucide-react';
import { Button } from '../../components/Button.js';

export function BackToOptions({ onBack, disabled }: { onBack: () => void; disabled?: boolean }) {
  return (
    <Button variant="ghost" onClick={onBack} disabled={disabled}>
      <ArrowLeft className="size-5" aria-hidden="true" />
      Back to options
    </Button>
  );
}
