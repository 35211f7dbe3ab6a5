import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import type { NoteView } from '../notes/open-note.js';
import { UnconfirmedNote } from './UnconfirmedNote.js';
import { NoteSealTag } from '../keys/NoteSealTag.js';
import { useI18n } from '../../lib/i18n.js';
import { ROUTES } from '../../lib/routes.js';

/** The note of a desire with its lock: end-to-end (v2) or the older format (v1). */
export function NoteBody({ note }: { note: NoteView }) {
  const i18n = useI18n();
  if (note.kind === 'none') return null;
  if (note.kind === 'pending')
    return <p className="mt-3 text-sm text-slate-500">{i18n._('Decrypting...')}</p>;
  if (note.kind === 'failed')
    return <p className="mt-3 text-sm text-slate-700">{i18n._(note.text)}</p>;
  if (note.kind === 'unconfirmed') return <UnconfirmedNote text={note.text} keyId={note.keyId} />;
  if (note.kind === 'locked') {
    return (
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-700" data-testid="note-locked">
        <Lock className="size-4 shrink-0" aria-hidden="true" />
        <Link to={ROUTES.keySetup} className="underline">
          {i18n._(note.text)}
        </Link>
      </p>
    );
  }
  return (
    <div className="mt-3 flex flex-col gap-2">
      {/* The note is in whatever language its writer typed: its own direction, not the app's. */}
      <p dir="auto" className="text-base break-words text-slate-900 italic">
        &quot;{note.text}&quot;
      </p>
      {(note.kind === 'e2e' || note.kind === 'legacy') && (
        <NoteSealTag seal={{ kind: note.kind }} />
      )}
    </div>
  );
}
