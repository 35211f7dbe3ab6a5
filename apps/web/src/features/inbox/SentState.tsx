import { Check, CheckCheck } from 'lucide-react';
import type { DesireAnswer, Message } from '@couple/protocol';
import { ANSWER_EMOJI, ANSWER_TEXTS } from '@couple/protocol/browser';
import { useI18n } from '../../lib/i18n.js';
import { clockTime } from '../../lib/relative-time.js';
import { useAnswerNote } from '../notes/use-note.js';
import { NoteBody } from './NoteBody.js';

/**
 * A sent desire is delivered once stored (the partner's devices are told), seen once read, and
 * answered once the partner chose an answer (with the answer's note, opened here).
 */
export function SentState({
  message,
  answer,
  now,
}: {
  message: Message;
  answer: DesireAnswer | undefined;
  now: number;
}) {
  const i18n = useI18n();
  const seen = message.read_at;
  const answerNote = useAnswerNote(message, answer);
  if (answer) {
    return (
      <>
        <p data-testid="sent-state" className="mt-3 text-sm font-semibold text-brand-800">
          <span aria-hidden="true">{ANSWER_EMOJI[answer.choice]} </span>
          {i18n._('Answered: {answer}', { answer: i18n._(ANSWER_TEXTS[answer.choice]) })}
        </p>
        <div data-testid="answer-note">
          <NoteBody note={answerNote} />
        </div>
      </>
    );
  }
  return (
    <p
      data-testid="sent-state"
      className={`mt-3 flex items-center gap-1 text-xs font-semibold ${seen ? 'text-brand-800' : 'text-slate-600'}`}
    >
      {seen ? (
        <CheckCheck className="size-4" aria-hidden="true" />
      ) : (
        <Check className="size-4" aria-hidden="true" />
      )}
      {seen ? i18n._('Seen {time}', { time: clockTime(seen, now) }) : i18n._('Delivered')}
    </p>
  );
}
