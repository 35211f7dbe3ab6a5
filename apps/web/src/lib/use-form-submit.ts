import { useState, type FormEvent } from 'react';
import { failureText } from './api-errors.js';
import { logClientError } from './client-errors.js';
import { i18n } from './i18n.js';

export interface FormSubmitOptions {
  /** The client-error tag the failure is logged under. */
  tag: string;
  /** The text shown when the failure has no text of its own (SPEC's "… failed" texts): an id. */
  failed: string;
  /** A problem found before anything is sent (a text's id), shown as the form's error; or null. */
  check?: () => string | null;
  run: () => Promise<void>;
  /** More to do on a failure, after it is logged and shown. */
  onError?: (caught: unknown) => void;
}

/**
 * The submit of every form: one run at a time, the local check first, then the call; a failure
 * is logged and shown under the fields with the server's text or the form's own. Texts come in
 * as catalog ids (the protocol's English constants) and `error` is in the active language.
 */
export function useFormSubmit({ tag, failed, check, run, onError }: FormSubmitOptions) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = check?.() ?? null;
    if (problem) {
      setError(i18n._(problem));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (caught) {
      logClientError(tag, caught);
      setError(failureText(caught, failed));
      onError?.(caught);
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, onSubmit };
}
