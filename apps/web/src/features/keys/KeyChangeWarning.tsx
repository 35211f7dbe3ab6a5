import { ShieldAlert } from 'lucide-react';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { KeyNotice } from './KeyNotice.js';
import { useI18n } from '../../lib/i18n.js';

/** Shown on the desire form after the partner's key changed, until the user sends anyway. */
export function KeyChangeWarning({
  partnerName,
  busy,
  onSendAnyway,
}: {
  partnerName: string;
  busy: boolean;
  onSendAnyway: () => void;
}) {
  const i18n = useI18n();
  return (
    <KeyNotice
      tone="warning"
      testId="key-change-warning"
      icon={ShieldAlert}
      text={i18n._(KEY_TEXTS.keyChanged, { name: partnerName })}
      action={{ label: i18n._(KEY_TEXTS.sendAnyway), onClick: onSendAnyway, busy }}
    />
  );
}
