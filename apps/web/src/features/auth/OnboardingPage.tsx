import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { TEXTS, USERNAME_MIN, usernameProblem } from '@couple/protocol/browser';
import { AuthShell } from '../../components/AuthShell.js';
import { Button } from '../../components/Button.js';
import { FormError } from '../../components/FormError.js';
import { UsernameField } from '../../components/UsernameField.js';
import { call } from '../../lib/api.js';
import { useI18n } from '../../lib/i18n.js';
import { useFormSubmit } from '../../lib/use-form-submit.js';
import { profileKeys } from '../profile/queries.js';
import { ROUTES } from '../../lib/routes.js';
import { SignOutButton } from './SignOutButton.js';
import { useMiniAppHost } from '../miniapp/host.js';
import { suggestedUsername } from '../miniapp/suggested-username.js';

export function OnboardingPage() {
  const i18n = useI18n();
  const host = useMiniAppHost();
  // Inside a Farcaster client the user's Farcaster name is offered; they may change it.
  const [username, setUsername] = useState(() =>
    host.status === 'host' ? suggestedUsername(host.host.context.user.username) : '',
  );
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const name = username.trim().toLowerCase();
  const { busy, error, onSubmit } = useFormSubmit({
    tag: 'update_username',
    failed: TEXTS.usernameUpdateFailed,
    check: () => usernameProblem(name),
    run: async () => {
      const profile = await call('updateProfile', { body: { username: name } });
      queryClient.setQueryData(profileKeys.detail(), profile);
      toast.success(i18n._(TEXTS.usernameSet));
      void navigate(ROUTES.partner);
    },
  });

  return (
    <AuthShell
      title={i18n._('Choose your username')}
      subtitle={i18n._('This is how your partner will see you.')}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <UsernameField label={i18n._('Username')} value={username} onChange={setUsername} />
        <FormError message={error} />
        <Button type="submit" disabled={busy || username.trim().length < USERNAME_MIN}>
          {busy ? i18n._('Saving...') : i18n._('Continue')}
        </Button>
      </form>
      <SignOutButton variant="ghost" />
    </AuthShell>
  );
}
