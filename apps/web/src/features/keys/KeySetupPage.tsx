import { useState } from 'react';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { Card } from '../../components/Card.js';
import { CreateNewKey } from './CreateNewKey.js';
import { LinkThisDevice } from './LinkThisDevice.js';
import { RestoreFromPhrase } from './RestoreFromPhrase.js';
import { useKeys } from './use-keys.js';

type Choice = 'link' | 'restore' | null;

/** A device without the account's key: link it, restore it from the phrase, or replace it. */
export function KeySetupPage() {
  const { userId, state } = useKeys();
  const [choice, setChoice] = useState<Choice>(null);
  if (!userId || !state) return <p className="text-slate-600">Loading…</p>;
  const needsKey = state.status === 'link';

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
        {KEY_TEXTS.setupTitle}
      </h1>
      <Card className="flex flex-col gap-4">
        <p className="text-slate-700">{needsKey ? KEY_TEXTS.setupIntro : KEY_TEXTS.restored}</p>
        {needsKey && state.own && choice === 'link' && (
          <LinkThisDevice userId={userId} ownKeyId={state.own.key_id} />
        )}
        {choice === 'restore' && <RestoreFromPhrase userId={userId} state={state} />}
        {needsKey && choice !== 'link' && (
          <Button onClick={() => setChoice('link')}>{KEY_TEXTS.linkOption}</Button>
        )}
        {choice !== 'restore' && (
          <Button variant="secondary" onClick={() => setChoice('restore')}>
            {KEY_TEXTS.restoreOption}
          </Button>
        )}
        {needsKey && <CreateNewKey userId={userId} />}
      </Card>
    </div>
  );
}
