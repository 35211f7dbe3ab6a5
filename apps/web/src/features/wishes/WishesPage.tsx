import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button.js';
import { Notice } from '../../components/Notice.js';
import { useI18n } from '../../lib/i18n.js';
import { useWishes, type WishAnswer, type WishesStatus } from './use-wishes.js';
import { usePullWishBackup } from './use-wish-backup.js';
import { ProposeWish } from './ProposeWish.js';
import { WishFlow } from './WishFlow.js';
import { WishList } from './WishList.js';
import { WishMatches } from './WishMatches.js';
import { WishPrivacy } from './WishPrivacy.js';
import { WishStatusNotice } from './WishStatusNotice.js';
import { WishViewTabs, type WishView } from './WishViewTabs.js';

/** States in which the couple's matches are known and answers can be given on this device. */
const ANSWERING: readonly WishesStatus[] = ['ready', 'partner-key-unconfirmed'];

function NotAnsweredHere({ onAnswerHere }: { onAnswerHere: () => void }) {
  const i18n = useI18n();
  return (
    <Notice
      tone="info"
      testId="wishes-elsewhere"
      action={
        <Button variant="secondary" onClick={onAnswerHere}>
          {i18n._('Answer on this device')}
        </Button>
      }
    >
      {i18n._(
        'This device does not have your answers yet: they arrive once the app is open on the device where you gave them. Your matches show here all the same.',
      )}
    </Notice>
  );
}

export function WishesPage() {
  const i18n = useI18n();
  const wishes = useWishes();
  usePullWishBackup();
  const [params, setParams] = useSearchParams();
  const [answerHere, setAnswerHere] = useState(false);
  const view: WishView = params.get('view') === 'list' ? 'list' : 'one';
  const entries = wishes.entries;
  const ready = ANSWERING.includes(wishes.status);
  // No answers here but matches: another device holds answers not backed up yet (they arrive
  // from the backup once that device syncs). Answering here would match from an empty list, so
  // it waits for a tap. No answers and no matches is a first visit.
  const elsewhere = !wishes.answersHere && wishes.matches.length > 0 && !answerHere;
  const answering = ready && !elsewhere;

  function showView(next: WishView) {
    setParams(next === 'list' ? { view: 'list' } : {}, { replace: true });
  }

  function answer(id: string, value: WishAnswer | null) {
    wishes.answer(id, value);
  }

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
          {i18n._('Wishes')}
        </h1>
        <p className="mt-1 text-slate-600">
          {i18n._('Say what you would like to try together. You only ever see what you both want.')}
        </p>
      </header>
      <WishPrivacy
        open={!entries.some((entry) => entry.answer !== null)}
        unfinished={wishes.unfinishedRounds}
      />
      <WishStatusNotice status={wishes.status} />
      {ready && (
        <WishMatches matches={wishes.matches} waitingForPartner={wishes.waitingForPartner} />
      )}
      {ready && elsewhere && <NotAnsweredHere onAnswerHere={() => setAnswerHere(true)} />}
      {answering && (
        <section aria-labelledby="wish-answers-title" className="flex flex-col gap-4">
          <h2 id="wish-answers-title" className="sr-only">
            {i18n._('Your answers')}
          </h2>
          <WishViewTabs view={view} onChange={showView} />
          {view === 'one' ? (
            <WishFlow entries={entries} onAnswer={answer} onShowList={() => showView('list')} />
          ) : (
            <WishList entries={entries} onAnswer={answer} onWithdraw={wishes.withdraw} />
          )}
        </section>
      )}
      {/* A custom wish is sealed to the partner's trusted key: not while it is unconfirmed. */}
      {answering && wishes.status === 'ready' && <ProposeWish onPropose={wishes.propose} />}
    </div>
  );
}
