import type { ApiAnswer, ApiBody, WishBackup } from '@couple/protocol';
import { fitWishSnapshot, type Identity } from '@couple/protocol/browser';
import { ApiError } from '../../lib/api-errors.js';
import { holdsNewer, snapshotOf, withoutOldClears, type WishSnapshot } from './snapshot.js';
import { mergeIntoDevice, type LocalWishes } from './device-merge.js';
import type { WishCrypto } from './wish-crypto.js';

/** The two routes of the backup (api.ts has the real ones). */
export interface WishBackupApi {
  getWishBackup(): Promise<ApiAnswer<'getWishBackup'>>;
  putWishBackup(body: ApiBody<'putWishBackup'>): Promise<ApiAnswer<'putWishBackup'>>;
}

/** What one device's sync works with; it runs only where the device holds the current key. */
export interface WishBackupContext extends LocalWishes {
  userId: string;
  /** The device's identity of the account's current key: every write is sealed to it. */
  identity: Identity;
  /** Every identity the device holds for the account: a backup sealed to a replaced one opens. */
  identities: readonly Identity[];
  api: WishBackupApi;
  crypto: Pick<WishCrypto, 'sealWishBackup' | 'openWishBackup'>;
  /** A wish on the list now (this catalog, the couple's custom wishes): its answer must fit. */
  onList(id: string): boolean;
  now(): number;
  onError(context: string, error: unknown): void;
}

/**
 * `load`: the Wishes screen opened or the app came back: take in what other devices wrote, and
 * write what this one has that the backup lacks. `change`: an answer or a setting changed here.
 */
export type WishBackupReason = 'load' | 'change';

/** The reasons a sync waiting to run was asked for (several requests make one sync). */
type Asked = Record<WishBackupReason, boolean>;

/** Writes tried when other devices keep writing in between (409 each time). */
const ATTEMPTS = 3;

/** The snapshot as the backup may hold it: old clears dropped, only wishes on the list. */
function fitted(ctx: WishBackupContext, snapshot: WishSnapshot): WishSnapshot {
  return fitWishSnapshot(withoutOldClears(snapshot, ctx.now()), ctx.onList);
}

async function localSnapshot(ctx: WishBackupContext) {
  const device = await ctx.store.load(ctx.userId);
  return { device, snapshot: fitted(ctx, snapshotOf(device, ctx.readPreferences(ctx.userId))) };
}

/** The backup opened, or null when it does not open (logged, without its contents). */
async function openBackup(
  ctx: WishBackupContext,
  backup: WishBackup,
): Promise<WishSnapshot | null> {
  const identity = ctx.identities.find((held) => held.keyId === backup.key_id);
  try {
    if (!identity) throw new Error('A wish backup sealed to a key this device does not hold');
    return await ctx.crypto.openWishBackup({ userId: ctx.userId, identity, sealed: backup });
  } catch (error) {
    ctx.onError('wish_backup_open', error);
    return null;
  }
}

/**
 * Seals the snapshot to the current key and writes it over `expectedVersion`: `changed` when
 * another device wrote meanwhile, `left` when the server refused it for now.
 */
async function writeBackup(
  ctx: WishBackupContext,
  snapshot: WishSnapshot,
  expectedVersion: number,
): Promise<'written' | 'changed' | 'left'> {
  const sealed = await ctx.crypto.sealWishBackup({
    userId: ctx.userId,
    identity: ctx.identity,
    snapshot,
  });
  try {
    await ctx.api.putWishBackup({ ...sealed, expected_version: expectedVersion });
    return 'written';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'wish_backup_changed') return 'changed';
    // Over the person's budget: the next change, load or return to the app writes it. The
    // account's key replaced meanwhile: the sync made for the new key (use-wish-backup.ts) does.
    if (error.code === 'wish_backups_limited' || error.code === 'wish_backup_key_stale') {
      return 'left';
    }
    throw error;
  }
}

/**
 * Runs `sync` one at a time; the requests made while one runs are made once after it, with
 * every reason they were asked for.
 */
function oneAtATime(sync: (asked: Asked) => Promise<void>) {
  let queue: Promise<void> = Promise.resolve();
  let waiting: { asked: Asked; done: Promise<void> } | null = null;
  return (reason: WishBackupReason): Promise<void> => {
    if (waiting) {
      waiting.asked[reason] = true;
      return waiting.done;
    }
    const asked: Asked = { load: false, change: false, [reason]: true };
    const done = queue.then(() => {
      waiting = null;
      return sync(asked);
    });
    waiting = { asked, done };
    queue = done.catch(() => undefined);
    return done;
  };
}

/**
 * A device's sync of the person's wish backup (issue 39): read it, open it, merge it into this
 * device (last writer wins, snapshot.ts), then write the merged snapshot over the version read.
 * A backup that does not open is never applied; it is only written over on a change here. Runs
 * one at a time; a request while one runs is made once after it.
 */
export function wishBackupSync(ctx: WishBackupContext) {
  /** The backup as this device last read (opened) or wrote it; null when unknown. */
  let known: WishSnapshot | null = null;

  /** One read, merge and write; false when the write met a newer version (read again). */
  async function attempt(asked: Asked): Promise<boolean> {
    const { backup } = await ctx.api.getWishBackup();
    const remote = backup ? await openBackup(ctx, backup) : null;
    if (remote) await mergeIntoDevice(ctx, ctx.userId, remote, true);
    known = remote && fitted(ctx, remote);
    const { device, snapshot } = await localSnapshot(ctx);
    // Never an empty list over someone's answers: a device writes once the person answered.
    if (!device.answeredHere || (backup && !remote && !asked.change)) return true;
    // Written when it lacks something of this device's, or is sealed to a replaced key.
    const current = backup?.key_id === ctx.identity.keyId;
    if (known && current && !holdsNewer(snapshot, known)) return true;
    const written = await writeBackup(ctx, snapshot, backup?.version ?? 0);
    if (written === 'changed') return false;
    if (written === 'written') known = snapshot;
    return true;
  }

  async function sync(asked: Asked): Promise<void> {
    if (!asked.load && known) {
      // Nothing here the backup (as last seen) lacks: no need to read it.
      if (!holdsNewer((await localSnapshot(ctx)).snapshot, known)) return;
    }
    for (let tries = 1; tries <= ATTEMPTS; tries += 1) {
      if (await attempt(asked)) return;
      known = null;
    }
    ctx.onError('wish_backup_write', new Error(`Changed elsewhere on each of ${ATTEMPTS} tries`));
  }

  return { run: oneAtATime(sync) };
}
