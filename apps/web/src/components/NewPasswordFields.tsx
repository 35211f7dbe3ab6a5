import { PASSWORD_MIN } from '@couple/protocol/browser';
import { useI18n } from '../lib/i18n.js';
import { TextField } from './TextField.js';

interface Props {
  password: string;
  repeated: string;
  onPassword: (value: string) => void;
  onRepeated: (value: string) => void;
  disabled?: boolean;
}

/** A new password typed twice (the forms compare the two before sending). */
export function NewPasswordFields({ password, repeated, onPassword, onRepeated, disabled }: Props) {
  const i18n = useI18n();
  const shared = {
    type: 'password',
    autoComplete: 'new-password',
    required: true,
    minLength: PASSWORD_MIN,
    disabled,
  } as const;
  return (
    <>
      <TextField
        label={i18n._('New password')}
        name="new-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        {...shared}
      />
      <TextField
        label={i18n._('Repeat new password')}
        name="repeat-password"
        value={repeated}
        onChange={(event) => onRepeated(event.target.value)}
        {...shared}
      />
    </>
  );
}
