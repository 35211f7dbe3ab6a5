import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { DesireAnswer } from '@couple/protocol';
import {
  ANSWER_CHOICES,
  ANSWER_EMOJI,
  ANSWER_TEXTS,
  type AnswerChoice,
} from '@couple/protocol/browser';
import { api } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { inboxKeys } from './queries.js';

/** The receiver's quick answers; the chosen one is pressed and can be changed. */
export function AnswerBar({
  messageId,
  answer,
}: {
  messageId: string;
  answer: DesireAnswer | undefined;
}) {
  const queryClient = useQueryClient();
  const choose = useMutation({
    mutationFn: (choice: AnswerChoice) => api.answerDesire(messageId, choice),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
    onError: (error) => {
      logClientError('answer_desire', error);
      toast.error(error instanceof Error ? error.message : String(error));
    },
  });
  const chosen = choose.isPending ? choose.variables : answer?.choice;
  return (
    <div role="group" aria-label="Answer" className="mt-3 flex flex-wrap gap-2">
      {ANSWER_CHOICES.map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={chosen === choice}
          disabled={choose.isPending}
          onClick={() => choose.mutate(choice)}
          className={`inline-flex min-h-10 items-center gap-1 rounded-full px-3 text-sm font-semibold ring-1 ${
            chosen === choice
              ? 'bg-brand-700 text-white ring-brand-700'
              : 'bg-white text-brand-800 ring-brand-200 hover:bg-brand-50'
          }`}
        >
          <span aria-hidden="true">{ANSWER_EMOJI[choice]}</span>
          {ANSWER_TEXTS[choice]}
        </button>
      ))}
    </div>
  );
}
