import type { ApiAnswer } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import type { AccessClaims } from './tokens.js';
import { deviceName } from './device-name.js';
import * as repo from './sessions-repository.js';

/** Which sessions of the caller's account a sign-out ends (supabase-js `signOut` scopes). */
export type SignOutScope = 'local' | 'others' | 'global';

/**
 * Sessions ended in the database end everywhere: their live sockets and Realtime channels close
 * and their access tokens fail on HTTP, on every instance.
 */
export function announceEndedSessions(ctx: AppContext, sessionIds: readonly string[]): void {
  for (const sessionId of sessionIds) ctx.events.emit('sessionRevoked', { sessionId });
}

export async function listSessions(
  ctx: AppContext,
  caller: AccessClaims,
): Promise<ApiAnswer<'listSessions'>> {
  const rows = await repo.selectOpenSessions(ctx.db, caller.userId);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      device: deviceName(row.user_agent),
      created_at: new Date(row.created_at).toISOString(),
      last_seen_at: new Date(row.last_seen_at).toISOString(),
      current: row.id === caller.sessionId,
    })),
  };
}

/** Ends one session of the caller's own account; another account's session is not found. */
export async function signOutSession(
  ctx: AppContext,
  caller: AccessClaims,
  sessionId: string,
): Promise<void> {
  const ended = await repo.revokeUserSessions(
    ctx.db,
    caller.userId,
    { only: sessionId },
    'signed_out_by_owner',
  );
  if (ended.length === 0) throw new HttpError('session_not_found');
  announceEndedSessions(ctx, ended);
}

/** Ends the caller's sessions of the scope; returns how many were ended. */
export async function signOutScope(
  ctx: AppContext,
  caller: AccessClaims,
  scope: SignOutScope,
): Promise<number> {
  const which =
    scope === 'local'
      ? { only: caller.sessionId }
      : scope === 'others'
        ? { except: caller.sessionId }
        : {};
  const ended = await repo.revokeUserSessions(ctx.db, caller.userId, which, `logout_${scope}`);
  announceEndedSessions(ctx, ended);
  return ended.length;
}
