import { ShieldAlert } from 'lucide-react';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { KeyNotice } from './KeyNotice.js';
import { useI18n } from '../../lib/i18n.js';

/**
 * Shown on the desire form after the partner's key changed, until the user sends anyway. When
 * the server names one of the user's own keys as the partner's, sending anyway cannot help: the
 * notice says so, and offers only the safety number.
 */
export function KeyChangeWarning({
  partnerName,
  ownKey,
  busy,
  onSendAnyway,
}: {
  partnerName: string;
  ownKey: boolean;
  busy: boolean;
  onSendAnyway: () => void;
}) {
  const i18n = useI18n();
  return (
    <KeyNotice
      tone="warning"
      testId="key-change-warning"
      icon={ShieldAlert}
      text={i18n._(ownKey ? KEY_TEXTS.partnerKeyIsOwn : KEY_TEXTS.keyChanged, {
        name: partnerName,
      })}
      action={
        ownKey ? undefined : { label: i18n._(KEY_TEXTS.sendAnyway), onClick: onSendAnyway, busy }
      }
    />
  );
}
