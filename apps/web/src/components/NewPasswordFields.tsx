import { PASSWORD_MIN } from '@couple/protocol/browser';
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
        label="New password"
        name="new-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        {...shared}
      />
      <TextField
        label="Repeat new password"
        name="repeat-password"
        value={repeated}
        onChange={(event) => onRepeated(event.target.value)}
        {...shared}
      />
    </>
  );
}
