import { quietState, type QuietHoursAnswer, type QuietWindow } from '@couple/protocol';
import type { AppContext } from '../context.js';
import * as repo from './repository.js';

/** The caller's window, and only whether the partner's is on now (and until when). */
export async function getQuietHours(ctx: AppContext, userId: string): Promise<QuietHoursAnswer> {
  const { own, partner } = await ctx.db.asUser(userId, (tx) => repo.selectWindows(tx, userId));
  const state = partner ? quietState(partner, ctx.clock.now()) : null;
  return {
    own,
    partner: state ? { active: state.active, until: state.endsAt?.toISOString() ?? null } : null,
  };
}

export function setQuietHours(
  ctx: AppContext,
  userId: string,
  window: QuietWindow,
): Promise<QuietWindow> {
  return ctx.db.asUser(userId, (tx) => repo.upsertWindow(tx, userId, window));
}

export function clearQuietHours(ctx: AppContext, userId: string): Promise<void> {
  return ctx.db.asUser(userId, (tx) => repo.deleteWindow(tx, userId));
}
