import { type Locale, type Profile, type Stats } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { isUniqueViolation } from '../db/errors.js';
import { HttpError } from '../errors.js';
import * as repo from './repository.js';

/** The caller's profile as the JSON text of a Profile (GET /api/profile sends it as it is). */
export async function getProfileJson(ctx: AppContext, userId: string): Promise<string> {
  const [own] = await ctx.db.readAsUser<{ body: string }>(userId, repo.OWN_PROFILE_JSON_SQL);
  if (!own) throw new HttpError('profile_not_found');
  return own.body;
}

export async function getProfile(ctx: AppContext, userId: string): Promise<Profile> {
  return JSON.parse(await getProfileJson(ctx, userId)) as Profile;
}

/** The username arrives already trimmed, lower-cased and checked by usernameSchema. */
export async function updateUsername(
  ctx: AppContext,
  userId: string,
  username: string,
): Promise<Profile> {
  try {
    const updated = await ctx.db.asUser(userId, (tx) => repo.updateOwnUsername(tx, username));
    if (!updated) throw new HttpError('username_update_failed');
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_username_key')) throw new HttpError('username_taken');
    throw error;
  }
  ctx.events.emit('profileUpdated', { userId });
  return getProfile(ctx, userId);
}

export async function getProfileStats(ctx: AppContext, userId: string): Promise<Stats> {
  return ctx.db.asUser(userId, (tx) => repo.countOwnMessages(tx));
}

/**
 * The language the server writes this person's pushes and e-mails in (checked by localeSchema).
 * The profile's own columns changed, so the person's other devices hear of it as of a username.
 */
export async function setLocale(
  ctx: AppContext,
  userId: string,
  locale: Locale,
): Promise<{ locale: Locale }> {
  const updated = await ctx.db.asUser(userId, (tx) => repo.updateOwnLocale(tx, locale));
  if (!updated) throw new HttpError('profile_not_found');
  ctx.events.emit('profileUpdated', { userId });
  return { locale };
}
