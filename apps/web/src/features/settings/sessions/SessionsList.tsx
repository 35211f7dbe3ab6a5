import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.js';
import { Laptop, Smartphone } from 'lucide-react';
import type { DeviceSession } from '@couple/protocol';
import { ACCOUNT_TEXTS } from '@couple/protocol/browser';
import { Button } from '../../../components/Button.js';
import { ApiError, failureText } from '../../../lib/api-errors.js';
import { logClientError } from '../../../lib/client-errors.js';
import { i18n, useI18n } from '../../../lib/i18n.js';
import { relativeAge } from '../../../lib/relative-time.js';
import { call } from '../../../lib/api.js';
import { ConfirmPanel } from '../ConfirmPanel.js';

export const sessionKeys = { all: ['account', 'sessions'] as const };

type Pending = { kind: 'one'; session: DeviceSession } | { kind: 'others' } | null;

const MOBILE = /Android|iPhone|iPad/;

/** "Nov 23, 2:40 PM": two devices of the same kind differ by when they signed in. */
function signedInAt(session: DeviceSession): string {
  return new Date(session.created_at).toLocaleString(i18n.locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

function lastSeen(session: DeviceSession, now: number): string {
  if (session.current) return i18n._('This device · active now');
  return i18n._('Last active {age}', { age: relativeAge(session.last_seen_at, now) });
}

/** Signs out the device, or all the others, and says so in a toast. */
async function signOut(pending: NonNullable<Pending>): Promise<void> {
  if (pending.kind === 'one') {
    await call('signOutSession', { params: { id: pending.session.id } }).catch((error: unknown) => {
      // Already signed out elsewhere: the list was stale, which the refetch mends.
      if (!(error instanceof ApiError && error.code === 'session_not_found')) throw error;
    });
    toast.success(i18n._('{device} signed out', { device: pending.session.device }));
  } else {
    const { signed_out } = await call('signOutOtherSessions');
    toast.success(
      i18n._(
        '{count, plural, one {Signed out # other device} other {Signed out # other devices}}',
        { count: signed_out },
      ),
    );
  }
}

interface RowProps {
  session: DeviceSession;
  now: number;
  /** The device a sign-out is being confirmed for. */
  pending: boolean;
  busy: boolean;
  onSignOut: () => void;
}

function SessionRow({ session, now, pending, busy, onSignOut }: RowProps) {
  useI18n();
  const Icon = MOBILE.test(session.device) ? Smartphone : Laptop;
  return (
    <li className={`flex items-center gap-3 py-3 ${pending ? 'rounded-lg bg-red-50 px-2' : ''}`}>
      <Icon className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{session.device}</p>
        <p className={`text-sm ${session.current ? 'text-brand-700' : 'text-slate-600'}`}>
          {lastSeen(session, now)}
        </p>
        <p className="text-xs text-slate-500">
          {i18n._('Signed in {time}', { time: signedInAt(session) })}
        </p>
      </div>
      {!session.current && (
        <button
          type="button"
          className="min-h-10 shrink-0 rounded-lg px-3 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
          aria-label={i18n._('Sign out {device}', { device: session.device })}
          onClick={onSignOut}
          disabled={busy}
        >
          {i18n._('Sign out')}
        </button>
      )}
    </li>
  );
}

function SignOutQuestion({ pending, others }: { pending: NonNullable<Pending>; others: number }) {
  useI18n();
  return (
    <p className="font-medium">
      {pending.kind === 'one'
        ? i18n._('Sign out {device}, signed in {time}? It will need to sign in again.', {
            device: pending.session.device,
            time: signedInAt(pending.session),
          })
        : i18n._(
            '{count, plural, one {Sign out the other device? They will need to sign in again. This device stays signed in.} other {Sign out all # other devices? They will need to sign in again. This device stays signed in.}}',
            { count: others },
          )}
    </p>
  );
}

/** The device (or all the others) whose sign-out is being confirmed, and the sign-out. */
function useDeviceSignOut() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      await signOut(pending);
      setPending(null);
    } catch (error) {
      logClientError('sign_out_device', error);
      toast.error(i18n._(failureText(error, ACCOUNT_TEXTS.signOutDeviceFailed)));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    }
  }

  return { pending, setPending, busy, confirm };
}

/** The account's signed-in devices, with sign-out of one or of all the others. */
export function SessionsList() {
  useI18n();
  const { pending, setPending, busy, confirm } = useDeviceSignOut();
  const sessions = useQuery({ queryKey: sessionKeys.all, queryFn: () => call('listSessions') });
  const now = Date.now();

  if (sessions.isPending)
    return <p className="text-sm text-slate-600">{i18n._('Loading devices…')}</p>;
  if (sessions.isError)
    return <p className="text-sm text-red-700">{i18n._(ACCOUNT_TEXTS.sessionsFailed)}</p>;
  const list = sessions.data.sessions;
  const others = list.filter((session) => !session.current);

  return (
    <div className="flex flex-col gap-3">
      <ul
        aria-label={i18n._('Signed-in devices')}
        className="flex flex-col divide-y divide-slate-100"
      >
        {list.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            now={now}
            pending={pending?.kind === 'one' && pending.session.id === session.id}
            busy={busy}
            onSignOut={() => setPending({ kind: 'one', session })}
          />
        ))}
      </ul>
      {pending ? (
        <ConfirmPanel
          id="sign-out-device-question"
          question={<SignOutQuestion pending={pending} others={others.length} />}
          confirmLabel={i18n._('Sign out')}
          busyLabel={i18n._('Signing out...')}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      ) : (
        others.length > 0 && (
          <Button variant="secondary" onClick={() => setPending({ kind: 'others' })}>
            {i18n._('Sign out all other devices')}
          </Button>
        )
      )}
    </div>
  );
}
