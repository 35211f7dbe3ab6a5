import { useId } from 'react';
import { USERNAME_MAX } from '@couple/protocol/browser';
import { useI18n } from '../lib/i18n.js';
import { TextField } from './TextField.js';

/** The username input of onboarding and settings, with its live character count. */
export function UsernameField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const i18n = useI18n();
  const counter = useId();
  return (
    <>
      <TextField
        label={label}
        name="username"
        className="lowercase"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={USERNAME_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={counter}
      />
      <p id={counter} className="-mt-2 text-end text-sm text-slate-600" aria-live="polite">
        {i18n._('{length}/{max} characters', { length: value.length, max: USERNAME_MAX })}
      </p>
    </>
  );
}
