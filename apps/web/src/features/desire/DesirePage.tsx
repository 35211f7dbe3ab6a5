import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Lock, Send } from 'lucide-react';
import { NOTE_MAX, TEXTS, TOAST_MS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { Card } from '../../components/Card.js';
import { ApiError } from '../../lib/api-errors.js';
import { STORAGE_KEYS } from '../../lib/constants.js';
import { logClientError } from '../../lib/client-errors.js';
import { LiveAckError } from '../../lib/live.js';
import { getSession } from '../../lib/session.js';
import { profileKeys } from '../profile/queries.js';
import { resolvePartnerId } from './partner-id.js';
import { ScoreSlider } from './ScoreSlider.js';
import { loadScore, saveScore } from './scores.js';
import { sendDesire } from './send.js';

const KNOWN_TEXTS: readonly string[] = [TEXTS.partnerLoading, TEXTS.noConnectedPartner];

function sendErrorText(error: unknown): string {
  if (error instanceof ApiError || error instanceof LiveAckError) return error.message;
  if (error instanceof Error && KNOWN_TEXTS.includes(error.message)) return error.message;
  return TEXTS.sendFailed;
}

export function DesirePage() {
  const [intensity, setIntensity] = useState(() => loadScore(STORAGE_KEYS.intensity));
  const [urgency, setUrgency] = useState(() => loadScore(STORAGE_KEYS.urgency));
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const queryClient = useQueryClient();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busyRef.current) return;
    const session = getSession();
    if (!session) {
      toast.error(TEXTS.signInToSend);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const partnerId = await resolvePartnerId(queryClient, session.user.id);
      await sendDesire({ userId: session.user.id, partnerId, intensity, urgency, note });
      setNote('');
      toast.success(TEXTS.desireSent, { duration: TOAST_MS.sent });
      void queryClient.invalidateQueries({ queryKey: profileKeys.stats() });
    } catch (error) {
      logClientError('send_desire', error);
      toast.error(sendErrorText(error));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
          Share Your Desire
        </h1>
        <p className="mt-1 text-slate-600">Let your partner know how you feel right now.</p>
      </header>
      <Card className="flex flex-col gap-8">
        <ScoreSlider
          label="Intensity"
          value={intensity}
          low="Gentle"
          high="Intense"
          onChange={(value) => {
            setIntensity(value);
            saveScore(STORAGE_KEYS.intensity, value);
          }}
        />
        <ScoreSlider
          label="Urgency"
          value={urgency}
          low="Whenever"
          high="Right now"
          onChange={(value) => {
            setUrgency(value);
            saveScore(STORAGE_KEYS.urgency, value);
          }}
        />
      </Card>
      <Card className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <label htmlFor="desire-note" className="text-base font-semibold text-slate-900">
            Add a Note (Optional)
          </label>
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            <Lock className="size-3" aria-hidden="true" />
            Encrypted
          </span>
        </div>
        <textarea
          id="desire-note"
          name="note"
          rows={3}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder="Something only your partner should read..."
          aria-describedby="note-counter"
          className="w-full resize-none rounded-xl border border-slate-300 bg-white p-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700"
        />
        <p id="note-counter" className="text-right text-sm text-slate-600">
          {note.length}/{NOTE_MAX}
        </p>
      </Card>
      <Button type="submit" disabled={busy}>
        <Send className="size-5" aria-hidden="true" />
        {busy ? 'Sending...' : 'Send Desire'}
      </Button>
    </form>
  );
}
