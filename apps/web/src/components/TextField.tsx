import type { InputHTMLAttributes } from 'react';

export const inputClass =
  'min-h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700';

/** A labelled input of the app's forms. */
export function TextField({
  label,
  className = '',
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
      {label}
      <input className={`${inputClass} ${className}`} {...props} />
    </label>
  );
}

interface ValueFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
}

/** An e-mail address input (sign-in, reset link, new address). */
export function EmailField({ label, value, onChange, name = 'email' }: ValueFieldProps) {
  return (
    <TextField
      label={label}
      type="email"
      name={name}
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The password the person has now: asked again before a change of credentials. */
export function CurrentPasswordField({ label, value, onChange }: Omit<ValueFieldProps, 'name'>) {
  return (
    <TextField
      label={label}
      type="password"
      name="current-password"
      autoComplete="current-password"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
