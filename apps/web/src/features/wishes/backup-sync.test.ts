import { beforeAll, describe, expect, it } from 'vitest';
import type { WishBackup } from '@couple/protocol';
import {
  createIdentity,
  isCatalogWishId,
  openWishBackup,
  type Identity,
} from '@couple/protocol/browser';
import { ApiError } from '../../lib/api-errors.js';
import { wishBackupSync, type WishBackupApi, type WishBackupContext } from './backup-sync.js';
import { wishCrypto } from './crypto-impl.js';
import { memoryWishStore, withAnswer } from './device-store.js';
import { DEFAULT_WISH_PREFERENCES, type WishPreferences } from './preferences.js';
import type { WishAnswer } from './types.js';

const USER = 'a1a1a1a1-0000-4000-8000-000000000001';
const NOW = Date.UTC(2026, 10, 20);

/** The two backup routes as the server keeps them: one row, written over the version read. */
class FakeBackupServer {
  stored: WishBackup | null = null;
  gets = 0;
  puts = 0;
  /** Runs before a PUT is answered: another device writing in between. */
  beforePut: (() => Promise<void>) | null = null;
  /** The account's current key, when a test replaces it. */
  currentKeyId: string | null = null;

  readonly api: WishBackupApi = {
    getWishBackup: () => {
      this.gets += 1;
      return Promise.resolve({ backup: structuredClone(this.stored) });
    },
    putWishBackup: async (body) => {
      this.puts += 1;
      await this.beforePut?.();
      if (this.currentKeyId !== null && body.key_id !== this.currentKeyId) {
        throw new ApiError(400, 'stale', 'wish_backup_key_stale');
      }
      if ((this.stored?.version ?? 0) !== body.expected_version) {
        throw new ApiError(409, 'changed', 'wish_backup_changed');
      }
      const version = (this.stored?.version ?? 0) + 1;
      this.stored = { content: body.content, key_id: body.key_id, version, updated_at: 'now' };
      return { version, updated_at: 'now' };
    },
  };

  open(identity: Identity) {
    return openWishBackup({ userId: USER, identity, sealed: this.stored! });
  }
}

/** One device of the person: its store, its settings and its sync, on the shared server. */
function device(server: FakeBackupServer, identity: Identity, identities = [identity]) {
  const store = memoryWishStore();
  let preferences: WishPreferences = DEFAULT_WISH_PREFERENCES;
  const errors: string[] = [];
  const ctx: WishBackupContext = {
    userId: USER,
    identity,
    identities,
    store,
    readPreferences: () => preferences,
    writePreferences: (_userId, next) => {
      preferences = next;
    },
    api: server.api,
    crypto: wishCrypto,
    onList: isCatalogWishId,
    now: () => NOW,
    onError: (context) => errors.push(context),
  };
  return {
    errors,
    store,
    sync: wishBackupSync(ctx),
    answer: (id: string, choice: WishAnswer | null, at: number) =>
      store.update(USER, (held) => withAnswer(held, id, choice, at)),
    held: () => store.load(USER),
    preferences: () => preferences,
    setPreferences: (next: WishPreferences) => {
      preferences = next;
    },
  };
}

let laptopKey: Identity;
let oldKey: Identity;
let otherKey: Identity;

beforeAll(async () => {
  [laptopKey, oldKey, otherKey] = await Promise.all([
    createIdentity(),
    createIdentity(),
    createIdentity(),
  ]);
});

describe('the wish backup sync', () => {
  it('brings a device restored later the answers and settings, without writing', async () => {
    const server = new FakeBackupServer();
    const laptop = device(server, laptopKey);
    await laptop.answer('c:a', 'yes', NOW - 20);
    await laptop.answer('c:b', 'maybe', NOW - 10);
    laptop.setPreferences({ hiddenTiers: [], maybeCountsAsYes: true, changedAt: NOW - 5 });
    await laptop.sync.run('change');
    expect(server.stored?.version).toBe(1);

    const phone = device(server, laptopKey);
    await phone.sync.run('load');
    expect(await phone.held()).toMatchObject({
      answers: { 'c:a': 'yes', 'c:b': 'maybe' },
      answeredAt: { 'c:a': NOW - 20, 'c:b': NOW - 10 },
      // Answers from the backup: this device runs rounds.
      answeredHere: true,
    });
    expect(phone.preferences()).toEqual({
      hiddenTiers: [],
      maybeCountsAsYes: true,
      changedAt: NOW - 5,
    });
    expect([server.puts, server.stored?.version]).toEqual([1, 1]);
    expect([laptop.errors, phone.errors]).toEqual([[], []]);
  });

  it('never writes from a device where the person never answered', async () => {
    const server = new FakeBackupServer();
    const fresh = device(server, laptopKey);
    fresh.setPreferences({ ...DEFAULT_WISH_PREFERENCES, changedAt: NOW });
    await fresh.sync.run('load');
    await fresh.sync.run('change');
    expect(server.puts).toBe(0);
    expect(server.stored).toBeNull();
  });

  it('reads, merges and writes again when another device wrote in between (409)', async () => {
    const server = new FakeBackupServer();
    const laptop = device(server, laptopKey);
    const phone = device(server, laptopKey);
    await laptop.answer('c:a', 'yes', NOW - 30);
    await laptop.sync.run('change');
    await phone.sync.run('load');
    await phone.answer('c:b', 'no', NOW - 20);
    server.beforePut = async () => {
      server.beforePut = null;
      await laptop.answer('c:a', null, NOW - 10);
      await laptop.answer('c:c', 'yes', NOW - 5);
      await laptop.sync.run('change');
    };
    await phone.sync.run('change');
    expect(server.stored?.version).toBe(3);
    expect(server.puts).toBe(4);
    await laptop.sync.run('load');
    const both = { 'c:b': 'no', 'c:c': 'yes' };
    expect((await laptop.held()).answers).toEqual(both);
    expect((await phone.held()).answers).toEqual(both);
    expect((await phone.held()).clearedAt).toEqual({ 'c:a': NOW - 10 });
    expect(Object.keys((await server.open(laptopKey)).answers).sort()).toEqual([
      'c:a',
      'c:b',
      'c:c',
    ]);
  });

  it('gives up after three writes that each met a newer version, and says so', async () => {
    const server = new FakeBackupServer();
    const laptop = device(server, laptopKey);
    const other = device(server, laptopKey);
    await other.answer('c:x', 'yes', NOW - 100);
    await other.sync.run('change');
    await laptop.answer('c:a', 'yes', NOW);
    let clock = NOW - 50;
    server.beforePut = async () => {
      const racing = server.beforePut;
      server.beforePut = null;
      clock += 1;
      await other.answer('c:x', 'no', clock);
      await other.sync.run('change');
      server.beforePut = racing;
    };
    await laptop.sync.run('change');
    expect(laptop.errors).toEqual(['wish_backup_write']);
    // Three of the laptop's, each after one of the other device's.
    expect(server.puts).toBe(1 + 3 * 2);
  });

  it('never applies a backup that does not open, and writes a fresh one on the next change', async () => {
    const server = new FakeBackupServer();
    const laptop = device(server, laptopKey);
    await laptop.answer('c:a', 'yes', NOW - 10);
    await laptop.sync.run('change');
    const { content } = server.stored!;
    const at = content.length - 100;
    server.stored!.content =
      content.slice(0, at) + (content[at] === 'A' ? 'B' : 'A') + content.slice(at + 1);

    const phone = device(server, laptopKey);
    await phone.answer('c:b', 'no', NOW - 5);
    await phone.sync.run('load');
    expect(phone.errors).toEqual(['wish_backup_open']);
    expect((await phone.held()).answers).toEqual({ 'c:b': 'no' });
    expect(server.puts).toBe(1);

    await phone.answer('c:c', 'maybe', NOW);
    await phone.sync.run('change');
    expect(server.stored?.version).toBe(2);
    expect(Object.keys((await server.open(laptopKey)).answers).sort()).toEqual(['c:b', 'c:c']);
  });

  it('leaves alone a backup sealed to a key this device does not hold', async () => {
    const server = new FakeBackupServer();
    const stranger = device(server, otherKey);
    await stranger.answer('c:a', 'yes', NOW);
    await stranger.sync.run('change');
    const laptop = device(server, laptopKey);
    await laptop.answer('c:b', 'yes', NOW);
    await laptop.sync.run('load');
    expect(laptop.errors).toEqual(['wish_backup_open']);
    expect((await laptop.held()).answers).toEqual({ 'c:b': 'yes' });
    expect(server.stored?.key_id).toBe(otherKey.keyId);
  });

  it('opens a backup sealed to a replaced own key, and seals it to the current one', async () => {
    const server = new FakeBackupServer();
    const before = device(server, oldKey);
    await before.answer('c:a', 'yes', NOW - 10);
    await before.sync.run('change');
    expect(server.stored?.key_id).toBe(oldKey.keyId);

    const after = device(server, laptopKey, [oldKey, laptopKey]);
    await after.sync.run('load');
    expect((await after.held()).answers).toEqual({ 'c:a': 'yes' });
    expect(server.stored).toMatchObject({ key_id: laptopKey.keyId, version: 2 });
    expect((await server.open(laptopKey)).answers).toEqual({
      'c:a': { answer: 'yes', at: NOW - 10 },
    });
    expect(after.errors).toEqual([]);
  });

  it('leaves the write to the next key when the account’s key was replaced meanwhile', async () => {
    const server = new FakeBackupServer();
    const laptop = device(server, oldKey);
    await laptop.answer('c:a', 'yes', NOW);
    server.currentKeyId = laptopKey.keyId;
    await laptop.sync.run('change');
    expect([server.puts, server.stored, laptop.errors]).toEqual([1, null, []]);
  });

  it('lets two devices tied at the epoch each keep theirs, neither writing over the other', async () => {
    const server = new FakeBackupServer();
    const laptop = device(server, laptopKey);
    const phone = device(server, laptopKey);
    await laptop.answer('c:a', 'yes', 0);
    await phone.answer('c:a', 'no', 0);
    await laptop.sync.run('load');
    await phone.sync.run('load');
    await laptop.sync.run('load');
    expect(server.puts).toBe(1);
    expect((await laptop.held()).answers).toEqual({ 'c:a': 'yes' });
    expect((await phone.held()).answers).toEqual({ 'c:a': 'no' });
    // A change on either settles it everywhere.
    await phone.answer('c:a', 'maybe', NOW);
    await phone.sync.run('change');
    await laptop.sync.run('load');
    expect((await laptop.held()).answers).toEqual({ 'c:a': 'maybe' });
  });

  it('reads nothing for a change that brings nothing new, and runs requests one at a time', async () => {
    const server = new FakeBackupServer();
    const laptop = device(server, laptopKey);
    await laptop.answer('c:a', 'yes', NOW);
    await laptop.sync.run('change');
    const gets = server.gets;
    await laptop.sync.run('change');
    expect(server.gets).toBe(gets);

    // Asked several times at once: one sync.
    await laptop.answer('c:b', 'yes', NOW);
    await Promise.all([laptop.sync.run('change'), laptop.sync.run('change')]);
    expect([server.gets, server.stored?.version]).toEqual([gets + 1, 2]);
    // Asked while one runs: one more after it, for every request made meanwhile.
    const meanwhile: Promise<void>[] = [];
    server.beforePut = () => {
      server.beforePut = null;
      meanwhile.push(laptop.sync.run('change'), laptop.sync.run('load'));
      return Promise.resolve();
    };
    await laptop.answer('c:c', 'yes', NOW);
    await laptop.sync.run('change');
    await Promise.all(meanwhile);
    expect([server.gets, server.stored?.version]).toEqual([gets + 3, 3]);
  });

  it('writes the first backup from a device that answered before backups existed', async () => {
    const server = new FakeBackupServer();
    const laptop = device(server, laptopKey);
    await laptop.store.update(USER, (held) => ({
      ...held,
      answers: { 'c:a': 'yes' },
      answeredHere: true,
    }));
    await laptop.sync.run('load');
    expect(server.stored?.version).toBe(1);
    expect((await server.open(laptopKey)).answers).toEqual({ 'c:a': { answer: 'yes', at: 0 } });
  });
});
