import { useEffect, useState } from 'react';
import { Send } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/Button.js';
import { Card } from '../../components/Card.js';
import { STORAGE_KEYS } from '../../lib/constants.js';
import { KeyChangeWarning } from '../keys/KeyChangeWarning.js';
import { PartnerQuietNotice } from '../quiet/PartnerQuietNotice.js';
import { noteSealOf } from '../keys/seal.js';
import { useKeys } from '../keys/use-keys.js';
import { usePartnerStatus } from '../pairing/queries.js';
import { ScoreSlider } from './ScoreSlider.js';
import { loadScore, saveScore } from './scores.js';
import { OutboxList } from '../outbox/OutboxList.js';
import { ThinkingOfYouButton } from '../thoughts/ThinkingOfYouButton.js';
import { DesireNote } from './DesireNote.js';
import { useSendDesire } from './use-send-desire.js';
import { readDesireFromWish } from './wish-prefill.js';
import { i18n, useI18n } from '../../lib/i18n.js';

/** The form's scores and note: the last scores used, or a tapped wish match's. */
function useDesireDraft() {
  const location = useLocation();
  const navigate = useNavigate();
  // A tapped wish match arrives with its tier's intensity and a note carrying it.
  const [fromWish] = useState(() => readDesireFromWish(location.state));
  const [intensity, setIntensity] = useState(
    () => fromWish?.intensity ?? loadScore(STORAGE_KEYS.intensity),
  );
  const [urgency, setUrgency] = useState(() => loadScore(STORAGE_KEYS.urgency));
  const [note, setNote] = useState(fromWish?.wishNote ?? '');

  useEffect(() => {
    // Used once: coming back to this entry of the history must not fill the note again.
    if (fromWish) void navigate('.', { replace: true, state: null });
  }, [fromWish, navigate]);

  return { intensity, setIntensity, urgency, setUrgency, note, setNote };
}

interface ScoresProps {
  intensity: number;
  onIntensity: (value: number) => void;
  urgency: number;
  onUrgency: (value: number) => void;
}

/** The two sliders; each remembers its last value for the next desire. */
function DesireScores({ intensity, onIntensity, urgency, onUrgency }: ScoresProps) {
  useI18n();
  return (
    <Card className="flex flex-col gap-8">
      <ScoreSlider
        label={i18n._('Intensity')}
        value={intensity}
        low={i18n._('Gentle')}
        high={i18n._('Intense')}
        onChange={(value) => {
          onIntensity(value);
          saveScore(STORAGE_KEYS.intensity, value);
        }}
      />
      <ScoreSlider
        label={i18n._('Urgency')}
        value={urgency}
        low={i18n._('Whenever')}
        high={i18n._('Right now')}
        onChange={(value) => {
          onUrgency(value);
          saveScore(STORAGE_KEYS.urgency, value);
        }}
      />
    </Card>
  );
}

export function DesirePage() {
  useI18n();
  const draft = useDesireDraft();
  const keys = useKeys();
  const seal = noteSealOf(keys.state);
  const partnerName = usePartnerStatus().data?.partner?.username ?? i18n._('Your partner');
  const keyChanged = keys.state?.partnerKeyChanged ?? false;
  const { busy, submit } = useSendDesire({
    ...draft,
    seal,
    keyState: keys.state,
    onSent: () => draft.setNote(''),
  });

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
      <DesireScores
        intensity={draft.intensity}
        onIntensity={draft.setIntensity}
        urgency={draft.urgency}
        onUrgency={draft.setUrgency}
      />
      <DesireNote note={draft.note} onChange={draft.setNote} seal={seal} />
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
