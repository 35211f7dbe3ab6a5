import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { DesireAnswer, Message } from '@couple/protocol';
import { getActiveKeys, subscribeActiveKeys } from '../keys/active-keys.js';
import {
  answerNote,
  desireNote,
  initialView,
  isEndToEnd,
  openNote,
  type NoteView,
  type SealedNote,
} from './open-note.js';

function useSealedNote(sealed: SealedNote): NoteView {
  const keys = useSyncExternalStore(subscribeActiveKeys, getActiveKeys);
  const [view, setView] = useState<NoteView>(() => initialView(sealed));
  // A v2 note waits for the keyring; opening it before would call it locked.
  const waiting = isEndToEnd(sealed) && !keys.loaded;
  useEffect(() => {
    if (!sealed.encrypted || waiting) return;
    let live = true;
    void openNote(sealed, keys).then((result) => live && setView(result));
    return () => {
      live = false;
    };
  }, [sealed, keys, waiting]);
  return sealed.encrypted ? view : initialView(sealed);
}

/** The note of a desire, opened on this device. */
export function useNote(message: Message): NoteView {
  return useSealedNote(useMemo(() => desireNote(message), [message]));
}

const NO_NOTE: SealedNote = {
  id: '',
  encrypted: false,
  note: null,
  note_encrypted: null,
  encryption_data: null,
  context: { messageId: '', senderId: '', receiverId: '' },
};

/** The note of a desire's answer, opened on this device ('none' without one). */
export function useAnswerNote(message: Message, answer: DesireAnswer | undefined): NoteView {
  const sealed = useMemo(() => (answer ? answerNote(message, answer) : NO_NOTE), [message, answer]);
  return useSealedNote(sealed);
}
