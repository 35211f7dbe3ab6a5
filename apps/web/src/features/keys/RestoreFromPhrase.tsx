import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { E2eError, KEY_TEXTS, identityFromPhrase } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { saveIdentity, updateDeviceState } from './keyring.js';
import { refreshKeys } from './queries.js';
import type { KeyState } from './key-state.js';
import { useI18n } from '../../lib/i18n.js';

/**
 * The recovery phrase restores the account's current key, or an older one of the account's (then
 * the notes sealed to it open again here). A phrase of no key of this account is refused.
 */
export function RestoreFromPhrase({ userId, state }: { userId: string; state: KeyState }) {
  const i18n = useI18n();
  const [phrase, setPhrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const identity = await identityFromPhrase(phrase);
      const isCurrent = identity.keyId === state.own?.key_id;
      if (!isCurrent && !state.publicKeys.has(identity.keyId)) {
        setError(KEY_TEXTS.restoreNotCurrent);
        return;
      }
      await saveIdentity(userId, identity);
      if (isCurrent) await updateDeviceState(userId, { phraseSavedForKeyId: identity.keyId });
      await refreshKeys(queryClient);
      void navigate(isCurrent ? '/' : '/notifications');
    } catch (caught) {
      setError(caught instanceof E2eError ? caught.message : KEY_TEXTS.linkFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <label htmlFor="recovery-phrase" className="text-sm font-semibold text-slate-900">
        {i18n._(KEY_TEXTS.restoreLabel)}
      </label>
      <textarea
        id="recovery-phrase"
        rows={4}
        value={phrase}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => setPhrase(event.target.value)}
        className="w-full resize-none rounded-xl border border-slate-300 bg-white p-3 font-mono text-base text-slate-900 focus:border-brand-700"
      />
      <FormError message={error && i18n._(error)} />
      <Button type="submit" disabled={busy || phrase.trim() === ''}>
        {i18n._(KEY_TEXTS.restoreSubmit)}
      </Button>
    </form>
  );
}
