import { useState } from 'react';
import { toast } from '../../../lib/toast.js';
import { CREDENTIAL_TEXTS } from '@couple/protocol/browser';
import { FormError } from '../../../components/FormError.js';
import { NewPasswordFields } from '../../../components/NewPasswordFields.js';
import { CurrentPasswordField } from '../../../components/TextField.js';
import { call } from '../../../lib/api.js';
import { useFormSubmit } from '../../../lib/use-form-submit.js';
import { FormActions } from './AccountRow.js';
import { useI18n } from '../../../lib/i18n.js';

/** The current password, then the new one twice; the server ends every other session. */
export function ChangePassword({ onDone }: { onDone: () => void }) {
  const i18n = useI18n();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const { busy, error, onSubmit } = useFormSubmit({
    tag: 'change_password',
    failed: CREDENTIAL_TEXTS.changePasswordFailed,
    check: () => (password === repeated ? null : CREDENTIAL_TEXTS.passwordsDiffer),
    run: async () => {
      await call('changePassword', { body: { current_password: current, password } });
      toast.success(i18n._(CREDENTIAL_TEXTS.passwordChanged), {
        description: i18n._('Your other devices are signed out.'),
      });
      onDone();
    },
  });

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      <CurrentPasswordField
        label={i18n._('Current password')}
        value={current}
        onChange={setCurrent}
      />
      <NewPasswordFields
        password={password}
        repeated={repeated}
        onPassword={setPassword}
        onRepeated={setRepeated}
      />
      <FormError message={error} />
      <FormActions busy={busy} busyLabel={i18n._('Saving...')} onCancel={onDone} />
    </form>
  );
}
