import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { QUIET_TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { call } from '../../lib/api.js';
import { failureText } from '../../lib/api-errors.js';
import { logClientError } from '../../lib/client-errors.js';
import { i18n, useI18n } from '../../lib/i18n.js';
import { quietKeys, useQuietHours } from './queries.js';

const DEFAULT_WINDOW = { start: '22:00', end: '07:00' };

function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function TimeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold text-slate-900">
      {label}
      <input
        type="time"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-xl border border-slate-300 bg-white p-2 text-base font-normal"
      />
    </label>
  );
}

/** Saves the window (in this device's time zone), or turns quiet hours off, and says so. */
async function saveQuietHours(daily: { start: string; end: string } | null): Promise<void> {
  if (daily) {
    await call('setQuietHours', { body: { ...daily, time_zone: deviceTimeZone() } });
    toast.success(i18n._(QUIET_TEXTS.saved));
  } else {
    await call('clearQuietHours');
    toast.success(i18n._(QUIET_TEXTS.off));
  }
}

interface WindowProps {
  start: string;
  end: string;
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
  busy: boolean;
}

/** From, to, the time zone they are in, and Save. */
function QuietWindow({ start, end, onStart, onEnd, busy }: WindowProps) {
  useI18n();
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <TimeField label={i18n._(QUIET_TEXTS.from)} value={start} onChange={onStart} />
        <TimeField label={i18n._(QUIET_TEXTS.to)} value={end} onChange={onEnd} />
      </div>
      <p className="text-xs text-slate-600">{deviceTimeZone()}</p>
      <Button type="submit" disabled={busy}>
        {i18n._(QUIET_TEXTS.save)}
      </Button>
    </>
  );
}

/** Settings: a daily window in this device's time zone; off by default. */
export function QuietHoursSetting() {
  useI18n();
  const quiet = useQuietHours();
  const queryClient = useQueryClient();
  const own = quiet.data?.own ?? null;
  const [enabled, setEnabled] = useState(false);
  const [start, setStart] = useState(DEFAULT_WINDOW.start);
  const [end, setEnd] = useState(DEFAULT_WINDOW.end);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setEnabled(own !== null);
    if (own) {
      setStart(own.start);
      setEnd(own.end);
    }
  }, [own]);

  async function save(next: { enabled: boolean }, event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    try {
      await saveQuietHours(next.enabled ? { start, end } : null);
      await queryClient.invalidateQueries({ queryKey: quietKeys.all });
    } catch (error) {
      logClientError('quiet_hours', error);
      toast.error(failureText(error, QUIET_TEXTS.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void save({ enabled }, event)}>
      <label className="flex items-center justify-between gap-3 text-base text-slate-900">
        {i18n._(QUIET_TEXTS.enable)}
        <input
          type="checkbox"
          role="switch"
          className="size-5 accent-brand-700"
          checked={enabled}
          disabled={busy || quiet.isPending}
          onChange={(event) => {
            setEnabled(event.target.checked);
            if (!event.target.checked && own) void save({ enabled: false });
          }}
        />
      </label>
      <p className="text-sm text-slate-600">{i18n._(QUIET_TEXTS.explain)}</p>
      {enabled && (
        <QuietWindow start={start} end={end} onStart={setStart} onEnd={setEnd} busy={busy} />
      )}
    </form>
  );
}
