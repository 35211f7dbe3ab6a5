import type { ComponentProps } from 'react';
import { Button } from '../../components/Button.js';
import { Notice } from '../../components/Notice.js';
import { SafetyNumberLink } from './SafetyNumberLink.js';

/**
 * A notice about the partner's key: what happened, an action if one helps, the safety number.
 * A warning (an unsigned key change) holds back sending, so it interrupts; an info (a rotation
 * signed by the previous key) only tells.
 */
export function KeyNotice({
  tone,
  testId,
  icon,
  text,
  action,
  className,
}: {
  tone: 'warning' | 'info';
  testId: string;
  icon: ComponentProps<typeof Notice>['icon'];
  text: string;
  action?: { label: string; onClick: () => void; busy: boolean };
  className?: string;
}) {
  return (
    <Notice
      tone={tone}
      urgent={tone === 'warning'}
      testId={testId}
      icon={icon}
      className={className}
      action={
        <div className="flex flex-wrap gap-2">
          {action && (
            <Button type="button" onClick={action.onClick} disabled={action.busy}>
              {action.label}
            </Button>
          )}
          <SafetyNumberLink className="rounded-xl px-4 py-2 text-sm" />
        </div>
      }
    >
      {text}
    </Notice>
  );
}
