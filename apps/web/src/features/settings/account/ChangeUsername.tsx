import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.js';
import { CREDENTIAL_TEXTS, TEXTS, usernameProblem } from '@couple/protocol/browser';
import { FormError } from '../../../components/FormError.js';
import { UsernameField } from '../../../components/UsernameField.js';
import { call } from '../../../lib/api.js';
import { useFormSubmit } from '../../../lib/use-form-submit.js';
import { profileKeys } from '../../profile/queries.js';
import { FormActions } from './AccountRow.js';
import { useI18n } from '../../../lib/i18n.js';

/** Onboarding's rule and texts (usernameProblem, then the server's answer). */
export function ChangeUsername({ current, onDone }: { current: string; onDone: () => void }) {
  const i18n = useI18n();
  const [username, setUsername] = useState(current);
  const queryClient = useQueryClient();
  const name = username.trim().toLowerCase();
  const { busy, error, onSubmit } = useFormSubmit({
    tag: 'change_username',
    failed: TEXTS.usernameUpdateFailed,
    check: () => usernameProblem(name),
    run: async () => {
      queryClient.setQueryData(
        profileKeys.detail(),
        await call('updateProfile', { body: { username: name } }),
      );
      toast.success(i18n._(CREDENTIAL_TEXTS.usernameChanged));
      onDone();
    },
  });

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      <UsernameField label={i18n._('New username')} value={username} onChange={setUsername} />
      <FormError message={error} />
      <FormActions busy={busy} busyLabel={i18n._('Saving...')} onCancel={onDone} />
    </form>
  );
}
