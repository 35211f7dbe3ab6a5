import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { Card } from '../../components/Card.js';
import { updateDeviceState } from './keyring.js';
import { keysKeys } from './queries.js';
import { useKeys } from './use-keys.js';
import { useI18n } from '../../lib/i18n.js';

/** The 24 words of the current key, shown on request, never sent anywhere. */
export function RecoveryKeyPage() {
  const i18n = useI18n();
  const keys = useKeys();
  const [shown, setShown] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = keys.state?.current;

  async function confirmSaved() {
    if (!keys.userId || !current) return;
    await updateDeviceState(keys.userId, { phraseSavedForKeyId: current.keyId });
    await queryClient.invalidateQueries({ queryKey: keysKeys.device(keys.userId) });
    void navigate('/settings');
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
        {i18n._(KEY_TEXTS.recoveryTitle)}
      </h1>
      <Card className="flex flex-col gap-4">
        <p className="text-slate-700">{i18n._(KEY_TEXTS.recoveryIntro)}</p>
        {!current && <p className="text-slate-700">{i18n._(KEY_TEXTS.setupBanner)}</p>}
        {current && !shown && (
          <Button variant="secondary" onClick={() => setShown(true)}>
            {i18n._(KEY_TEXTS.recoveryReveal)}
          </Button>
        )}
        {current && shown && (
          <>
            <ol
              data-testid="recovery-phrase"
              className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-3"
            >
              {current.phrase.split(' ').map((word, index) => (
                <li key={index} className="rounded-lg bg-brand-50 px-2 py-1 text-slate-900">
                  <span className="text-slate-600 select-none">{index + 1}. </span>
                  {word}
                </li>
              ))}
            </ol>
            <Button onClick={() => void confirmSaved()}>{i18n._(KEY_TEXTS.recoverySaved)}</Button>
          </>
        )}
      </Card>
    </div>
  );
}
