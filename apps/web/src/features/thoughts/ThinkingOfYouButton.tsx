import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HandHeart } from 'lucide-react';
import { TEXTS, TOAST_MS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { call } from '../../lib/api.js';
import { ApiError, failureText } from '../../lib/api-errors.js';
import { logClientError } from '../../lib/client-errors.js';
import { useI18n } from '../../lib/i18n.js';
import { useNow } from '../../lib/use-now.js';
import { timeOfDay } from '../../lib/relative-time.js';
import { toast } from '../../lib/toast.js';
import { useSession } from '../../lib/use-session.js';
import { uuid } from '../../lib/uuid.js';
import { usePartnerStatus } from '../pairing/queries.js';
import { minutesToWait, thoughtCooldown, type ThoughtCooldown } from './cooldown.js';
import { addThought, thoughtKeys, useThoughts } from './queries.js';

/** Often enough that "in 1 minute" turns into a working button within seconds of it. */
const TICK_MS = 5_000;

function useCooldownText(cooldown: ThoughtCooldown | null, now: number): string | null {
  const i18n = useI18n();
  if (!cooldown) return null;
  if (cooldown.reason === 'day') {
    return i18n._("That's all for today. You can send another at {time}", {
      time: timeOfDay(new Date(cooldown.until).toISOString()),
    });
  }
  const minutes = minutesToWait(cooldown.until, now);
  return i18n._('You can send another in {minutes, plural, one {# minute} other {# minutes}}', {
    minutes,
  });
}

/** Sends a thought; a refusal says why and reads again what the server counted. */
function useSendThought() {
  const i18n = useI18n();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function send(partnerName: string) {
    setBusy(true);
    try {
      addThought(queryClient, await call('sendThought', { body: { id: uuid() } }));
      toast.success(i18n._('{name} will know you are thinking of them', { name: partnerName }), {
        duration: TOAST_MS.sent,
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'thought_rate_limited')) {
        logClientError('send_thought', error);
      }
      toast.error(failureText(error, TEXTS.sendFailed));
      // What the server counted (another device's, say) tells the button how long to wait.
      void queryClient.invalidateQueries({ queryKey: thoughtKeys.list() });
    } finally {
      setBusy(false);
    }
  }

  return { busy, send };
}

interface HintProps {
  /** Why the button waits, if it does. */
  reason: string | null;
  reasonId: string;
  compact: boolean;
  partnerName: string;
}

/** Under the button: why it waits, or (full size only) what a tap does. */
function ThoughtHint({ reason, reasonId, compact, partnerName }: HintProps) {
  const i18n = useI18n();
  if (reason) {
    return (
      <p
        id={reasonId}
        className={`text-sm text-slate-600 ${compact ? '' : 'text-center'}`}
        data-testid="thought-wait"
      >
        {reason}
      </p>
    );
  }
  if (compact) return null;
  return (
    <p className="text-center text-sm text-slate-600">
      {i18n._('One tap tells {name} you are thinking of them. No score, no note.', {
        name: partnerName,
      })}
    </p>
  );
}

/**
 * One tap tells the partner "thinking of you": no score, no note. Disabled, with the reason
 * beside it, while the sender's limit holds (the server's numbers, read from what they sent).
 */
export function ThinkingOfYouButton({ compact = false }: { compact?: boolean }) {
  const i18n = useI18n();
  const userId = useSession()?.user.id;
  const partner = usePartnerStatus().data?.partner ?? null;
  const thoughts = useThoughts().data?.thoughts ?? [];
  const { busy, send } = useSendThought();
  // The tick only renders again; each render reads the clock. The tick's own time can be 5 s
  // old when a tap's answer renders, which made the wait the interval plus that age.
  useNow(TICK_MS);
  const now = Date.now();
  const reasonId = useId();
  const cooldown = userId ? thoughtCooldown(thoughts, userId, now) : null;
  const reason = useCooldownText(cooldown, now);
  if (!partner) return null;

  return (
    <div className={`flex flex-col gap-1 ${compact ? 'items-start' : ''}`}>
      <Button
        variant="secondary"
        className={compact ? 'w-auto' : ''}
        disabled={busy || cooldown !== null}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => void send(partner.username)}
      >
        <HandHeart className="size-5" aria-hidden="true" />
        {i18n._('Thinking of you')}
      </Button>
      <ThoughtHint
        reason={reason}
        reasonId={reasonId}
        compact={compact}
        partnerName={partner.username}
      />
    </div>
  );
}
