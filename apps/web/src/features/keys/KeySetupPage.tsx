import { useState } from 'react';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { Card } from '../../components/Card.js';
import { CreateNewKey } from './CreateNewKey.js';
import { LinkThisDevice } from './LinkThisDevice.js';
import { RestoreFromPhrase } from './RestoreFromPhrase.js';
import { useKeys } from './use-keys.js';
import { useI18n } from '../../lib/i18n.js';

type Choice = 'link' | 'restore' | null;

/** A device without the account's key: link it, restore it from the phrase, or replace it. */
export function KeySetupPage() {
  const i18n = useI18n();
  const { userId, state } = useKeys();
  const [choice, setChoice] = useState<Choice>(null);
  if (!userId || !state) return <p className="text-slate-600">{i18n._('Loading…')}</p>;
  const needsKey = state.status === 'link';

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
        {i18n._(KEY_TEXTS.setupTitle)}
      </h1>
      <Card className="flex flex-col gap-4">
        <p className="text-slate-700">
          {i18n._(needsKey ? KEY_TEXTS.setupIntro : KEY_TEXTS.restored)}
        </p>
        {needsKey && state.own && choice === 'link' && (
          <LinkThisDevice userId={userId} ownKeyId={state.own.key_id} />
        )}
        {choice === 'restore' && <RestoreFromPhrase userId={userId} state={state} />}
        {needsKey && choice !== 'link' && (
          <Button onClick={() => setChoice('link')}>{i18n._(KEY_TEXTS.linkOption)}</Button>
        )}
        {choice !== 'restore' && (
          <Button variant="secondary" onClick={() => setChoice('restore')}>
            {i18n._(KEY_TEXTS.restoreOption)}
          </Button>
        )}
        {needsKey && <CreateNewKey userId={userId} />}
      </Card>
    </div>
  );
}
