import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { TEXTS, USERNAME_MAX, USERNAME_MIN, usernameProblem } from '@couple/protocol/browser';
import { AuthShell } from '../../components/AuthShell.js';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { api } from '../../lib/api.js';
import { failureText } from '../../lib/api-errors.js';
import { logClientError } from '../../lib/client-errors.js';
import { profileKeys } from '../profile/queries.js';
import { ROUTES } from './routing.js';
import { SignOutButton } from './SignOutButton.js';

export function OnboardingPage() {
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const length = username.trim().length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const name = username.trim().toLowerCase();
    const problem = usernameProblem(name);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const profile = await api.updateProfile(name);
      queryClient.setQueryData(profileKeys.detail(), profile);
      toast.success(TEXTS.usernameSet);
      void navigate(ROUTES.partner);
    } catch (caught) {
      logClientError('update_username', caught);
      setError(failureText(caught, TEXTS.usernameUpdateFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthShell title="Choose your username" subtitle="This is how your partner will see you.">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
          Username
          <input
            className="min-h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base lowercase text-slate-900 focus:border-brand-700"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={USERNAME_MAX}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-describedby="username-counter"
          />
        </label>
        <p
          id="username-counter"
          className="-mt-2 text-right text-sm text-slate-600"
          aria-live="polite"
        >
          {username.length}/{USERNAME_MAX} characters
        </p>
        <FormError message={error} />
        <Button type="submit" disabled={busy || length < USERNAME_MIN}>
          {busy ? 'Saving...' : 'Continue'}
        </Button>
      </form>
      <SignOutButton variant="ghost" />
    </AuthShell>
  );
}
