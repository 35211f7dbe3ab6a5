import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import type { AnswerChoice, DesireAnswer, Message } from '@couple/protocol';
import {
  ANSWER_CHOICES,
  ANSWER_NOTE_TEXTS,
  ANSWER_EMOJI,
  ANSWER_TEXTS,
  OFFLINE_TEXTS,
} from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';
import { useSession } from '../../lib/use-session.js';
import { answerItemId, isQueuedAnswer, type QueuedAnswer } from '../outbox/retry.js';
import { QueuedStatus } from '../outbox/QueuedStatus.js';
import { useOutbox } from '../outbox/use-outbox.js';
import { submitAnswer, type AnswerDraft } from './answer.js';
import { AnswerNoteForm } from './AnswerNoteForm.js';
import { useAnswerNote } from '../notes/use-note.js';
import { NoteBody } from './NoteBody.js';
import { inboxKeys } from './queries.js';
import { useI18n } from '../../lib/i18n.js';

/** This desire's answer waiting in the outbox, if any. */
function useQueuedAnswer(messageId: string): QueuedAnswer | undefined {
  const id = answerItemId(messageId);
  return useOutbox(useSession()?.user.id)
    .filter(isQueuedAnswer)
    .find((item) => item.id === id);
}

/**
 * Sends the chosen answer, with a note or without. Offline it waits in the outbox; a sent
 * note calls `onNoteSent` (which closes the form).
 */
function useChooseAnswer(message: Message, partnerName: string, onNoteSent: () => void) {
  const i18n = useI18n();
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id;
  return useMutation({
    mutationFn: (draft: AnswerDraft) =>
      submitAnswer(queryClient, userId ?? '', message, draft, partnerName),
    // Offline it runs too: sendAnswer keeps the answer in the outbox itself.
    networkMode: 'always',
    onSuccess: (result, draft) => {
      // Only a sent note closes the form: a choice's success must not close one opened meanwhile.
      if (draft.note !== undefined) onNoteSent();
      if (result === 'queued') toast(i18n._(OFFLINE_TEXTS.answerQueuedToast));
      else {
        if (draft.note !== undefined) {
          toast.success(i18n._(draft.note ? ANSWER_NOTE_TEXTS.sent : ANSWER_NOTE_TEXTS.removed));
        }
        void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
      }
    },
    onError: (error) => {
      logClientError('answer_desire', error);
      // Refusals and seal errors carry an English catalog id.
      toast.error(i18n._(error instanceof Error ? error.message : String(error)));
    },
  });
}

interface ChoicesProps {
  chosen: AnswerChoice | undefined;
  disabled: boolean;
  onChoose: (choice: AnswerChoice) => void;
}

function AnswerChoices({ chosen, disabled, onChoose }: ChoicesProps) {
  const i18n = useI18n();
  return (
    <div role="group" aria-label={i18n._('Answer')} className="mt-3 flex flex-wrap gap-2">
      {ANSWER_CHOICES.map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={chosen === choice}
          disabled={disabled}
          onClick={() => onChoose(choice)}
          className={`inline-flex min-h-10 items-center gap-1 rounded-full px-3 text-sm font-semibold ring-1 ${
            chosen === choice
              ? 'bg-brand-700 text-white ring-brand-700'
              : 'bg-white text-brand-800 ring-brand-200 hover:bg-brand-50'
          }`}
        >
          <span aria-hidden="true">{ANSWER_EMOJI[choice]}</span>
          {i18n._(ANSWER_TEXTS[choice])}
        </button>
      ))}
    </div>
  );
}

/**
 * The receiver's quick answers; the chosen one is pressed and can be changed, and a note can go
 * with it (sealed on this device). Without a connection the answer waits in the outbox and
 * shows as waiting.
 */
export function AnswerBar({
  message,
  answer,
  partnerName,
}: {
  message: Message;
  answer: DesireAnswer | undefined;
  partnerName: string;
}) {
  const i18n = useI18n();
  const queued = useQueuedAnswer(message.id);
  const [writing, setWriting] = useState(false);
  const ownNote = useAnswerNote(message, answer);
  const choose = useChooseAnswer(message, partnerName, () => setWriting(false));
  const waiting = queued && !queued.failure ? queued.answer.choice : undefined;
  // Until the refetched inbox holds the answer just sent, that answer stays chosen (and an open
  // note form stays mounted, with what is being written).
  const sent = choose.isSuccess ? choose.variables.choice : undefined;
  const chosen = choose.isPending ? choose.variables.choice : (waiting ?? answer?.choice ?? sent);
  const hasNote = ownNote.kind !== 'none';
  return (
    <>
      <AnswerChoices
        chosen={chosen}
        disabled={choose.isPending}
        onChoose={(choice) => choose.mutate({ choice })}
      />
      {hasNote && !writing && (
        <div data-testid="answer-note">
          <p className="mt-3 text-xs font-semibold text-slate-600">
            {i18n._(ANSWER_NOTE_TEXTS.yours)}
          </p>
          <NoteBody note={ownNote} />
        </div>
      )}
      {chosen && !writing && (
        <button
          type="button"
          onClick={() => setWriting(true)}
          className="mt-2 min-h-10 text-sm font-semibold text-brand-800 underline"
        >
          {i18n._(hasNote ? ANSWER_NOTE_TEXTS.change : ANSWER_NOTE_TEXTS.add)}
        </button>
      )}
      {chosen && writing && (
        <AnswerNoteForm
          hasNote={hasNote}
          busy={choose.isPending}
          onSubmit={(note) => choose.mutate({ choice: chosen, note })}
          onCancel={() => setWriting(false)}
        />
      )}
      {queued && <QueuedStatus item={queued} />}
    </>
  );
}
