import { useState } from 'react';
import { CREDENTIAL_TEXTS } from '@couple/protocol/browser';
import { FormError } from '../../../components/FormError.js';
import { Notice } from '../../../components/Notice.js';
import { CurrentPasswordField, EmailField } from '../../../components/TextField.js';
import { call } from '../../../lib/api.js';
import { useFormSubmit } from '../../../lib/use-form-submit.js';
import { FormActions } from './AccountRow.js';
import { useI18n } from '../../../lib/i18n.js';

/** Asks for the change; it happens when the link mailed to the new address is opened. */
export function ChangeEmail({ onDone }: { onDone: () => void }) {
  const i18n = useI18n();
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, error, onSubmit } = useFormSubmit({
    tag: 'change_email',
    failed: CREDENTIAL_TEXTS.changeEmailFailed,
    run: async () => {
      const target = email.trim().toLowerCase();
      await call('requestEmailChange', { body: { email: target, current_password: current } });
      setSentTo(target);
    },
  });

  if (sentTo) {
    return (
      <div className="flex flex-col gap-3">
        <Notice tone="success">
          {i18n._(CREDENTIAL_TEXTS.emailChangeSent, { email: sentTo })}
        </Notice>
        <button
          type="button"
          className="self-start text-sm font-medium text-brand-800 underline underline-offset-2"
          onClick={onDone}
        >
          {i18n._('Done')}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      <EmailField label={i18n._('New email')} name="new-email" value={email} onChange={setEmail} />
      <CurrentPasswordField
        label={i18n._('Current password')}
        value={current}
        onChange={setCurrent}
      />
      <FormError message={error} />
      <FormActions busy={busy} busyLabel={i18n._('Sending...')} onCancel={onDone} />
    </form>
  );
}
