import type { DesireAnswer, Message } from '@couple/protocol';
import { SCORE_MAX } from '@couple/protocol/browser';
import { intensityEmoji } from '@couple/protocol/browser';
import { useI18n } from '../../lib/i18n.js';
import { relativeAge } from '../../lib/relative-time.js';
import { AnswerBar } from './AnswerBar.js';
import { NoteBody } from './NoteBody.js';
import type { MessageBox } from './queries.js';
import { SentState } from './SentState.js';
import { useNote } from '../notes/use-note.js';

/** The desire's intensity, who it is from or to, and its scores. */
function DesireSummary({
  message,
  box,
  partnerName,
}: Pick<CardProps, 'message' | 'box' | 'partnerName'>) {
  const i18n = useI18n();
  return (
    <div className="flex items-center gap-3">
      <span className="text-3xl" aria-hidden="true">
        {intensityEmoji(message.intensity)}
      </span>
      <div className="flex flex-col text-sm font-medium text-slate-800">
        {partnerName && (
          <span className="font-semibold text-slate-900">
            {box === 'received'
              ? i18n._('From {name}', { name: partnerName })
              : i18n._('To {name}', { name: partnerName })}
          </span>
        )}
        <span>
          {i18n._('Intensity: {score}/{max}', { score: message.intensity, max: SCORE_MAX })}
        </span>
        <span>{i18n._('Urgency: {score}/{max}', { score: message.urgency, max: SCORE_MAX })}</span>
      </div>
    </div>
  );
}

/** The NEW badge and how long ago it was sent. */
function NewAndAge({ isNew, createdAt, now }: { isNew: boolean; createdAt: string; now: number }) {
  const i18n = useI18n();
  return (
    <div className="flex flex-col items-end gap-1">
      {isNew && (
        <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
          {i18n._('NEW')}
        </span>
      )}
      <time dateTime={createdAt} className="text-xs text-slate-600">
        {relativeAge(createdAt, now)}
      </time>
    </div>
  );
}

interface CardProps {
  message: Message;
  answer: DesireAnswer | undefined;
  box: MessageBox;
  partnerName: string | null;
  isNew: boolean;
  now: number;
}

export function MessageCard({ message, answer, box, partnerName, isNew, now }: CardProps) {
  const i18n = useI18n();
  const note = useNote(message);
  return (
    <li
      className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ${isNew ? 'ring-2 ring-brand-600' : 'ring-brand-100'}`}
      data-testid="desire-card"
    >
      <div className="flex items-start justify-between gap-3">
        <DesireSummary message={message} box={box} partnerName={partnerName} />
        <NewAndAge isNew={isNew} createdAt={message.created_at} now={now} />
      </div>
      <NoteBody note={note} />
      {box === 'sent' ? (
        <SentState message={message} answer={answer} now={now} />
      ) : (
        <AnswerBar
          message={message}
          answer={answer}
          partnerName={partnerName ?? i18n._('Your partner')}
        />
      )}
    </li>
  );
}
