import { describe, expect, it } from 'vitest';
import { base64ToBytes } from '../crypto.js';
import { bytesToBase64Url, utf8 } from '../e2e/encoding.js';
import { createIdentity, type Identity } from '../e2e/identity.js';
import { sealBytesV2 } from '../e2e/sealed-bytes.js';
import { E2eError } from '../e2e/suite.js';
import { WISH_CATALOG, customWishId } from './catalog.js';
import {
  WISH_BACKUP_CONTENT_LENGTH,
  WISH_BACKUP_ENTRIES_MAX,
  WISH_BACKUP_HPKE_INFO,
  WISH_BACKUP_PLAINTEXT_BYTES,
  WISH_CUSTOM_MAX,
  WISH_ITEM_ID_MAX,
} from './constants.js';
import {
  decodeWishSnapshot,
  encodeWishSnapshot,
  fitWishSnapshot,
  type WishSnapshot,
} from './backup-layout.js';
import { openWishBackup, sealWishBackup, type SealedWishBackup } from './backup.js';

const NOW = Date.UTC(2026, 10, 20, 21, 0, 0, 123);

const snapshot: WishSnapshot = {
  answers: {
    'c:slow-dance-in-the-kitchen': { answer: 'yes', at: NOW },
    'c:breakfast-in-bed': { answer: 'maybe', at: 0 },
    [customWishId(crypto.randomUUID())]: { answer: 'no', at: NOW - 5 },
    'c:cleared-one': { answer: null, at: NOW - 60_000 },
  },
  settings: { hiddenTiers: ['spicy', 'sensual'], maybeCountsAsYes: true, at: NOW - 1 },
};

const empty: WishSnapshot = {
  answers: {},
  settings: { hiddenTiers: [], maybeCountsAsYes: false, at: 0 },
};

/** `count` entries whose ids take the longest an id may be. */
function longEntries(count: number, at = NOW): WishSnapshot['answers'] {
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      `c:${String(index).padStart(WISH_ITEM_ID_MAX - 2, 'x')}`,
      { answer: index % 4 === 0 ? null : 'yes', at: at - index },
    ]),
  );
}

async function person() {
  return { userId: crypto.randomUUID(), identity: await createIdentity() };
}

const open = (userId: string, identity: Identity, sealed: SealedWishBackup) =>
  openWishBackup({ userId, identity, sealed });

async function reason(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof E2eError)) throw new Error(`Expected an E2eError, got ${String(error)}`);
  return error.reason;
}

describe('the wish backup', () => {
  it('opens to what was sealed, for its owner', async () => {
    const { userId, identity } = await person();
    const sealed = await sealWishBackup({ userId, identity, snapshot });
    expect(sealed.key_id).toBe(identity.keyId);
    expect(await open(userId, identity, sealed)).toEqual(snapshot);
    expect(
      await open(userId, identity, await sealWishBackup({ userId, identity, snapshot: empty })),
    ).toEqual(empty);
  });

  it('has one length, empty or holding as much as it can', async () => {
    const { userId, identity } = await person();
    const full = { answers: longEntries(WISH_BACKUP_ENTRIES_MAX), settings: snapshot.settings };
    const lengths = await Promise.all(
      [empty, snapshot, full].map(
        async (held) => (await sealWishBackup({ userId, identity, snapshot: held })).content.length,
      ),
    );
    expect(lengths).toEqual([
      WISH_BACKUP_CONTENT_LENGTH,
      WISH_BACKUP_CONTENT_LENGTH,
      WISH_BACKUP_CONTENT_LENGTH,
    ]);
    const tooMany = { ...full, answers: longEntries(WISH_BACKUP_ENTRIES_MAX + 1) };
    await expect(sealWishBackup({ userId, identity, snapshot: tooMany })).rejects.toThrow(
      RangeError,
    );
  });

  it('always has room for every answer on the list, and keeps the newest of the rest', async () => {
    // The most a device can have answered on the list: the catalog and every custom wish.
    expect(WISH_CATALOG.length + WISH_CUSTOM_MAX).toBeLessThanOrEqual(WISH_BACKUP_ENTRIES_MAX);
    const custom = Array.from({ length: WISH_CUSTOM_MAX }, () => customWishId(crypto.randomUUID()));
    const onList = new Set([...WISH_CATALOG.map((wish) => wish.id), ...custom]);
    const live = Object.fromEntries(
      [...onList].map((id) => [id, { answer: 'maybe' as const, at: 1 }]),
    );
    // Cleared answers and answers to withdrawn wishes, far more than fit, all newer.
    const rest = longEntries(3 * WISH_BACKUP_ENTRIES_MAX, NOW);
    const fitted = fitWishSnapshot(
      { answers: { ...rest, ...live }, settings: snapshot.settings },
      (id) => onList.has(id),
    );
    const ids = Object.keys(fitted.answers);
    expect(ids).toHaveLength(WISH_BACKUP_ENTRIES_MAX);
    for (const id of onList) expect(fitted.answers[id]).toEqual({ answer: 'maybe', at: 1 });
    const keptRest = Object.entries(rest).slice(0, WISH_BACKUP_ENTRIES_MAX - onList.size);
    expect(ids.filter((id) => !onList.has(id)).sort()).toEqual(keptRest.map(([id]) => id).sort());
    const { userId, identity } = await person();
    const sealed = await sealWishBackup({ userId, identity, snapshot: fitted });
    expect(await open(userId, identity, sealed)).toEqual(fitted);

    const overfull: WishSnapshot['answers'] = Object.fromEntries(
      Object.keys(longEntries(WISH_BACKUP_ENTRIES_MAX + 1)).map((id) => [
        id,
        { answer: 'no' as const, at: 1 },
      ]),
    );
    expect(() => fitWishSnapshot({ ...empty, answers: overfull }, () => true)).toThrow(RangeError);
    expect(fitWishSnapshot(snapshot, () => false)).toBe(snapshot);
  });

  it('does not open for another user, another key id, changed bytes, or sealed by another key', async () => {
    const { userId, identity } = await person();
    const sealed = await sealWishBackup({ userId, identity, snapshot });
    expect(await reason(open(crypto.randomUUID(), identity, sealed))).toBe('Tampered');

    // The same person's next key, named on a backup sealed to the previous one.
    const next = await createIdentity();
    expect(await reason(open(userId, next, { ...sealed, key_id: next.keyId }))).toBe('Tampered');
    expect(await reason(open(userId, next, sealed))).toBe('NoKeyForThisDevice');

    // One character of the ciphertext changed (not the last, which carries unused bits).
    const at = sealed.content.length - 10;
    const changed = sealed.content[at] === 'A' ? 'B' : 'A';
    const tampered = sealed.content.slice(0, at) + changed + sealed.content.slice(at + 1);
    expect(await reason(open(userId, identity, { ...sealed, content: tampered }))).toBe('Tampered');
    expect(
      await reason(open(userId, identity, { ...sealed, content: sealed.content.slice(1) })),
    ).toBe('Malformed');

    // Another key (the partner's, say) seals a backup to this person's key: auth mode refuses it.
    const partner = await createIdentity();
    const forged = await sealBytesV2({
      plaintext: encodeWishSnapshot(snapshot),
      aad: utf8(`wish-backup|${userId}|${identity.keyId}`),
      info: WISH_BACKUP_HPKE_INFO,
      senderIdentity: partner,
      partnerPublicKey: identity.publicKey,
    });
    const mine = forged.encryptionData.recipients.find((entry) => entry.key_id === identity.keyId)!;
    const content = [
      forged.encryptionData.iv,
      mine.enc,
      mine.wrapped_key,
      bytesToBase64Url(base64ToBytes(forged.ciphertext)),
    ].join('.');
    expect(content).toHaveLength(WISH_BACKUP_CONTENT_LENGTH);
    expect(await reason(open(userId, identity, { content, key_id: identity.keyId }))).toBe(
      'Tampered',
    );
  });

  it('reads only its own layout', () => {
    const bytes = encodeWishSnapshot(snapshot);
    expect(decodeWishSnapshot(bytes)).toEqual(snapshot);
    const padded = new Uint8Array(bytes);
    padded[WISH_BACKUP_PLAINTEXT_BYTES - 1] = 1;
    expect(() => decodeWishSnapshot(padded)).toThrow(E2eError);
    const otherFormat = new Uint8Array(bytes);
    otherFormat[0] = 2;
    expect(() => decodeWishSnapshot(otherFormat)).toThrow(E2eError);
    expect(() => decodeWishSnapshot(bytes.subarray(1))).toThrow(E2eError);
    // A tier of a newer app is skipped, not refused.
    const newer = new Uint8Array(bytes);
    const at = newer.indexOf('s'.charCodeAt(0), 11);
    newer.set(utf8('zesty'), at);
    expect(decodeWishSnapshot(newer).settings.hiddenTiers).toEqual(['sensual']);
  });
});
