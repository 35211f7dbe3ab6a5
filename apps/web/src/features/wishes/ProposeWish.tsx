import { useState, type FormEvent } from 'react';
import { LockKeyhole, Plus } from 'lucide-react';
import { WISH_ITEM_TEXT_MAX } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { Card } from '../../components/Card.js';
import { toast } from '../../lib/toast.js';
import { useI18n } from '../../lib/i18n.js';
import { logClientError } from '../../lib/client-errors.js';
import { errorText } from './error-text.js';

/**
 * A wish of this person's own. Its text is sealed on this device to both partners' devices
 * (the engine's propose), so "only the two of you can read it" is exactly true.
 */
export function ProposeWish({ onPropose }: { onPropose: (text: string) => Promise<void> }) {
  const i18n = useI18n();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const trimmed = text.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || trimmed === '') return;
    setBusy(true);
    try {
      await onPropose(trimmed);
      setText('');
      toast.success(i18n._('Your wish is on both your lists'));
    } catch (error) {
      logClientError('propose_wish', error);
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="propose-wish-title">
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
        <h2 id="propose-wish-title" className="text-lg font-semibold text-slate-900">
          {i18n._('Add a wish of your own')}
        </h2>
        <p className="flex items-start gap-2 text-sm text-slate-600">
          <LockKeyhole className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {i18n._(
            'Only the two of you can read it: it is encrypted on this device for your devices and your partner’s.',
          )}
        </p>
        <label htmlFor="propose-wish" className="sr-only">
          {i18n._('Your wish')}
        </label>
        <input
          id="propose-wish"
          dir="auto"
          type="text"
          maxLength={WISH_ITEM_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={i18n._('Something to try together')}
          aria-describedby="propose-wish-counter"
          className="min-h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700"
        />
        <p id="propose-wish-counter" className="text-end text-sm text-slate-600">
          {text.length}/{WISH_ITEM_TEXT_MAX}
        </p>
        <Button type="submit" variant="secondary" disabled={busy || trimmed === ''}>
          <Plus className="size-5" aria-hidden="true" />
          {busy ? i18n._('Adding...') : i18n._('Add to our list')}
        </Button>
      </form>
    </Card>
  );
}
