import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { Send } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { KEY_TEXTS, NOTE_MAX, OFFLINE_TEXTS, TEXTS, TOAST_MS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { Card } from '../../components/Card.js';
import { ApiError } from '../../lib/api-errors.js';
import { STORAGE_KEYS } from '../../lib/constants.js';
import { logClientError } from '../../lib/client-errors.js';
import { LiveAckError } from '../../lib/live.js';
import { getSession } from '../../lib/session.js';
import { KeyChangeWarning } from '../keys/KeyChangeWarning.js';
import { PartnerQuietNotice } from '../quiet/PartnerQuietNotice.js';
import { NoteSealTag } from '../keys/NoteSealTag.js';
import { fetchKeyState } from '../keys/queries.js';
import { isStaleKeyError } from '../keys/stale-key.js';
import { NoteSealError, noteSealOf, type NoteSeal } from '../keys/seal.js';
import { acceptPartnerKey, useKeys } from '../keys/use-keys.js';
import { usePartnerStatus } from '../pairing/queries.js';
import { profileKeys } from '../profile/queries.js';
import { resolvePartnerId } from './partner-id.js';
import { ScoreSlider } from './ScoreSlider.js';
import { loadScore, saveScore } from './scores.js';
import { OutboxList } from '../outbox/OutboxList.js';
import { ThinkingOfYouButton } from '../thoughts/ThinkingOfYouButton.js';
import { sendDesire } from './send.js';
import { ROUTES } from '../../lib/routes.js';
import { readDesireFromWish } from './wish-prefill.js';
import { i18n, useI18n } from '../../lib/i18n.js';

const KNOWN_TEXTS: readonly string[] = [TEXTS.partnerLoading, TEXTS.noConnectedPartner];
/** The reason shown for a failed send; each is an English catalog id, shown translated. */
function sendErrorText(error: unknown): string {
  const shown =
    error instanceof NoteSealError ||
    error instanceof ApiError ||
    error instanceof LiveAckError ||
    (error instanceof Error && KNOWN_TEXTS.includes(error.message));
  return i18n._(shown ? error.message : TEXTS.sendFailed);
}

export function DesirePage() {
  useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  // A tapped wish match arrives with its tier's intensity and a note carrying it.
  const [fromWish] = useState(() => readDesireFromWish(location.state));
  const [intensity, setIntensity] = useState(
    () => fromWish?.intensity ?? loadScore(STORAGE_KEYS.intensity),
  );
  const [urgency, setUrgency] = useState(() => loadScore(STORAGE_KEYS.urgency));
  const [note, setNote] = useState(fromWish?.wishNote ?? '');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const queryClient = useQueryClient();
  const keys = useKeys();
  const seal = noteSealOf(keys.state);
  const partnerName = usePartnerStatus().data?.partner?.username ?? i18n._('Your partner');
  const keyChanged = keys.state?.partnerKeyChanged ?? false;

  useEffect(() => {
    // Used once: coming back to this entry of the history must not fill the note again.
    if (fromWish) void navigate('.', { replace: true, state: null });
  }, [fromWish, navigate]);

  async function submit(event?: FormEvent, { acceptKeyChange = false } = {}) {
    event?.preventDefault();
    if (busyRef.current || (keyChanged && !acceptKeyChange)) return;
    const session = getSession();
    if (!session) {
      toast.error(i18n._(TEXTS.signInToSend));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      if (acceptKeyChange && keys.state) {
        await acceptPartnerKey(queryClient, session.user.id, keys.state);
      }
      const userId = session.user.id;
      const partnerId = await resolvePartnerId(queryClient, userId);
      const send = (withSeal: NoteSeal) =>
        sendDesire({ userId, partnerId, intensity, urgency, note, seal: withSeal });
      const result = await send(seal).catch(async (error: unknown) => {
        // The partner published a key since this page read them: seal again with the new one,
        // unless it replaced a key this device knew (then the warning shows instead).
        if (!isStaleKeyError(error)) throw error;
        const fresh = await fetchKeyState(queryClient, userId, partnerId);
        if (fresh.partnerKeyChanged) throw error;
        return send(noteSealOf(fresh));
      });
      setNote('');
      if (result.kind === 'queued') {
        toast(i18n._(OFFLINE_TEXTS.queuedToast), { duration: TOAST_MS.sent });
      } else toast.success(i18n._(TEXTS.desireSent), { duration: TOAST_MS.sent });
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
          {i18n._('Share Your Desire')}
        </h1>
        <p className="mt-1 text-slate-600">
          {i18n._('Let your partner know how you feel right now.')}
        </p>
      </header>
      <Card className="flex flex-col gap-8">
        <ScoreSlider
          label={i18n._('Intensity')}
          value={intensity}
          low={i18n._('Gentle')}
          high={i18n._('Intense')}
          onChange={(value) => {
            setIntensity(value);
            saveScore(STORAGE_KEYS.intensity, value);
          }}
        />
        <ScoreSlider
          label={i18n._('Urgency')}
          value={urgency}
          low={i18n._('Whenever')}
          high={i18n._('Right now')}
          onChange={(value) => {
            setUrgency(value);
            saveScore(STORAGE_KEYS.urgency, value);
          }}
        />
      </Card>
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
          onChange={(event) => setNote(event.target.value)}
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
      <PartnerQuietNotice partnerName={partnerName} />
      {keyChanged && (
        <KeyChangeWarning
          partnerName={partnerName}
          ownKey={keys.state?.partnerKeyIsOwn ?? false}
          busy={busy}
          onSendAnyway={() => void submit(undefined, { acceptKeyChange: true })}
        />
      )}
      <Button type="submit" disabled={busy || keyChanged}>
        <Send className="size-5" aria-hidden="true" />
        {busy ? i18n._('Sending...') : i18n._('Send Desire')}
      </Button>
      <ThinkingOfYouButton />
      <OutboxList />
    </form>
  );
}
