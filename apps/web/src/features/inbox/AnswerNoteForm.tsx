import { useId, useState, type FormEvent } from 'react';
import { ANSWER_NOTE_TEXTS, NOTE_MAX } from '@couple/protocol/browser';
import { useI18n } from '../../lib/i18n.js';

const chip = 'min-h-10 rounded-full px-4 text-sm font-semibold ring-1';

interface ActionsProps {
  note: string;
  counterId: string;
  hasNote: boolean;
  busy: boolean;
  onRemove: () => void;
  onCancel: () => void;
}

/** Send, remove the note sent before (if any), cancel, and the room left. */
function NoteFormActions({ note, counterId, hasNote, busy, onRemove, onCancel }: ActionsProps) {
  const i18n = useI18n();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="submit"
        disabled={busy || note.trim() === ''}
        className={`${chip} bg-brand-700 text-white ring-brand-700 disabled:opacity-50`}
      >
        {i18n._(ANSWER_NOTE_TEXTS.send)}
      </button>
      {hasNote && (
        <button
          type="button"
          disabled={busy}
          onClick={onRemove}
          className={`${chip} bg-white text-red-700 ring-red-200 hover:bg-red-50`}
        >
          {i18n._(ANSWER_NOTE_TEXTS.remove)}
        </button>
      )}
      <button
        type="button"
        onClick={onCancel}
        className={`${chip} bg-white text-slate-700 ring-slate-200 hover:bg-slate-50`}
      >
        {i18n._(ANSWER_NOTE_TEXTS.cancel)}
      </button>
      <span id={counterId} className="ms-auto text-xs text-slate-600">
        {note.length}/{NOTE_MAX}
      </span>
    </div>
  );
}

/**
 * Writes (or changes) the note sent with an answer. It is sealed on this device before it
 * leaves. "Remove the note" takes back the one sent before.
 */
export function AnswerNoteForm({
  hasNote,
  busy,
  onSubmit,
  onCancel,
}: {
  hasNote: boolean;
  busy: boolean;
  onSubmit: (note: string | null) => void;
  onCancel: () => void;
}) {
  const i18n = useI18n();
  const [note, setNote] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() !== '') onSubmit(note);
  };
  return (
    <form
      onSubmit={submit}
      className="mt-3 flex flex-col gap-2"
      aria-label={i18n._(ANSWER_NOTE_TEXTS.label)}
    >
      <label htmlFor={`${id}-note`} className="text-sm font-semibold text-slate-800">
        {i18n._(ANSWER_NOTE_TEXTS.label)}
      </label>
      <textarea
        id={`${id}-note`}
        dir="auto"
        rows={2}
        maxLength={NOTE_MAX}
        value={note}
        // The form opens on a tap meant for writing: the keyboard should come up with it.
        autoFocus
        onChange={(event) => setNote(event.target.value)}
        placeholder={i18n._(ANSWER_NOTE_TEXTS.placeholder)}
        aria-describedby={`${id}-counter`}
        className="w-full resize-none rounded-xl border border-slate-300 bg-white p-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700"
      />
      <NoteFormActions
        note={note}
        counterId={`${id}-counter`}
        hasNote={hasNote}
        busy={busy}
        onRemove={() => onSubmit(null)}
        onCancel={onCancel}
      />
    </form>
  );
}
