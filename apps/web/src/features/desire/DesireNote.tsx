import { Link } from 'react-router';
import { KEY_TEXTS, NOTE_MAX } from '@couple/protocol/browser';
import { Card } from '../../components/Card.js';
import { ROUTES } from '../../lib/routes.js';
import { useI18n } from '../../lib/i18n.js';
import { NoteSealTag } from '../keys/NoteSealTag.js';
import type { NoteSeal } from '../keys/seal.js';

interface Props {
  note: string;
  onChange: (note: string) => void;
  seal: NoteSeal;
}

/** The desire's optional note, with how it will be sealed and how much room is left. */
export function DesireNote({ note, onChange, seal }: Props) {
  const i18n = useI18n();
  return (
    <Card className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor="desire-note" className="text-base font-semibold text-slate-900">
          {i18n._('Add a Note (Optional)')}
        </label>
        <NoteSealTag seal={seal} />
      </div>
      <textarea
        id="desire-note"
        dir="auto"
        name="note"
        rows={3}
        maxLength={NOTE_MAX}
        disabled={seal.kind === 'needs-device'}
        value={note}
        onChange={(event) => onChange(event.target.value)}
        placeholder={i18n._('Something only your partner should read...')}
        aria-describedby="note-counter"
        className="w-full resize-none rounded-xl border border-slate-300 bg-white p-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700"
      />
      {seal.kind === 'needs-device' ? (
        <p id="note-counter" className="text-sm text-slate-700">
          <Link to={ROUTES.keySetup} className="underline">
            {i18n._(KEY_TEXTS.noteNeedsDevice)}
          </Link>
        </p>
      ) : (
        <p id="note-counter" className="text-end text-sm text-slate-600">
          {note.length}/{NOTE_MAX}
        </p>
      )}
    </Card>
  );
}
