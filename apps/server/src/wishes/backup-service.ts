import type { ApiAnswer, ApiParsedBody, WishBackup } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import * as repo from './backup-repository.js';

/*
 * A person's wish backup (docs/api.md, "Wishes"): one sealed blob of one length, sealed on a
 * device to the person's own key; the server keeps it for their other devices and never opens it.
 */

export async function getWishBackup(
  ctx: AppContext,
  userId: string,
): Promise<ApiAnswer<'getWishBackup'>> {
  const [backup] = await ctx.db.readAsUser<WishBackup>(userId, repo.OWN_BACKUP_SQL);
  return { backup: backup ?? null };
}

/**
 * Stores the backup if the stored one is still the version the device read (0: none yet), else
 * 409 wish_backup_changed: the device reads it, merges and writes again. It must be sealed to
 * the account's current key, which every device of the person can then open.
 */
export async function putWishBackup(
  ctx: AppContext,
  userId: string,
  body: ApiParsedBody<'putWishBackup'>,
): Promise<ApiAnswer<'putWishBackup'>> {
  return ctx.db.asUser(userId, async (tx) => {
    if ((await repo.selectCurrentKeyId(tx, userId)) !== body.key_id) {
      throw new HttpError('wish_backup_key_stale');
    }
    await ctx.limits.takeWishBackup(userId);
    const write = { userId, content: body.content, keyId: body.key_id };
    const written =
      body.expected_version === 0
        ? await repo.insertBackup(tx, write)
        : await repo.updateBackup(tx, write, body.expected_version);
    if (!written) throw new HttpError('wish_backup_changed');
    return written;
  });
}
