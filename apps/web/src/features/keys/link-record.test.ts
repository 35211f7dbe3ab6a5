import { describe, expect, it } from 'vitest';
import { createIdentity, linkRecordFits } from '@couple/protocol';
import { recentClientErrors } from '../../lib/client-errors.js';
import type { PartnerKeyPin } from './keyring.js';
import {
  adoptLinkRecord,
  fitLinkRecord,
  fitWithWishes,
  linkRecordSchema,
  pinsAdoption,
  type LinkRecord,
} from './link-record.js';
import { CARRIES_NOTHING } from './link-carried.js';
import { pinOf } from './key-state.test-support.js';

const FORMER_PARTNER_ID = '33333333-3333-4333-8333-333333333333';
const USER_ID = '11111111-1111-4111-8111-111111111111';

describe('the record a device link carries', async () => {
  const [first, second, third, formerPartner] = await Promise.all([
    createIdentity(),
    createIdentity(),
    createIdentity(),
    createIdentity(),
  ]);
  const pins: PartnerKeyPin[] = [
    { ...pinOf(formerPartner), partnerId: FORMER_PARTNER_ID },
    pinOf(first, 'first-use'),
    pinOf(second, 'seen-in-history'),
    pinOf(third, 'signed-rotation', [first.keyId]),
    pinOf(third, 'verified', [first.keyId, second.keyId]),
  ];
  const record: LinkRecord = {
    pins,
    verifiedPair: `${first.keyId}:${third.keyId}`,
    wishes: { answers: [['w:1', 'yes']], nested: { kept: true } },
  };

  it('reads back a gathered record, carrying the wishes untouched', () => {
    const parsed = linkRecordSchema.safeParse(JSON.parse(JSON.stringify(record)));
    expect(parsed.success && parsed.data).toEqual(record);
    const withoutWishes = linkRecordSchema.safeParse({ pins: [], verifiedPair: null });
    expect(withoutWishes.success && withoutWishes.data).toEqual({ pins: [], verifiedPair: null });
  });

  it('refuses wrong types, unknown reasons and oversize arrays', () => {
    const pin = pins[3]!;
    const refused: [string, unknown][] = [
      ['not an object', 'pins'],
      ['pins not a list', { pins: {}, verifiedPair: null }],
      ['no verifiedPair', { pins: [] }],
      ['verifiedPair of one key', { pins: [], verifiedPair: first.keyId }],
      ['an unknown reason', { pins: [{ ...pin, reason: 'trusted' }], verifiedPair: null }],
      ['a numeric reason', { pins: [{ ...pin, reason: 1 }], verifiedPair: null }],
      ['a short key id', { pins: [{ ...pin, keyId: 'abc' }], verifiedPair: null }],
      [
        'a key id with a slash',
        { pins: [{ ...pin, keyId: `/${pin.keyId.slice(1)}` }], verifiedPair: null },
      ],
      [
        'a public key cut short',
        { pins: [{ ...pin, publicKey: pin.publicKey.slice(1) }], verifiedPair: null },
      ],
      [
        'a partner id that is no uuid',
        { pins: [{ ...pin, partnerId: 'bob' }], verifiedPair: null },
      ],
      ['a date that is no date', { pins: [{ ...pin, pinnedAt: 'yesterday' }], verifiedPair: null }],
      ['supersedes not a list', { pins: [{ ...pin, supersedes: pin.keyId }], verifiedPair: null }],
      ['no supersedes', { pins: [{ ...pin, supersedes: undefined }], verifiedPair: null }],
      ['501 pins', { pins: Array.from({ length: 501 }, () => pin), verifiedPair: null }],
      [
        '501 superseded keys',
        { pins: [{ ...pin, supersedes: Array(501).fill(first.keyId) }], verifiedPair: null },
      ],
    ];
    for (const [why, candidate] of refused) {
      expect(linkRecordSchema.safeParse(candidate).success, why).toBe(false);
    }
    const atBounds = { pins: Array.from({ length: 500 }, () => pin), verifiedPair: null };
    expect(linkRecordSchema.safeParse(atBounds).success).toBe(true);
  });

  it('fits the payload: the newest row of each kind first, then the newest rows', () => {
    expect(fitLinkRecord(record, () => true)).toBe(record);

    const again = { ...pinOf(first, 'first-use'), pinnedAt: '2026-12-01T10:00:00.000Z' };
    const repeated = { ...record, pins: [...pins, again] };
    const deduplicated = [pins[0], pins[2], pins[3], pins[4], again];
    const fitsWithout = (count: number) => (candidate: LinkRecord) =>
      candidate.pins.length <= repeated.pins.length - count;
    expect(fitLinkRecord(repeated, fitsWithout(1)).pins).toEqual(deduplicated);
    expect(fitLinkRecord(repeated, fitsWithout(3)).pins).toEqual(deduplicated.slice(2));
    expect(fitLinkRecord(repeated, () => false).pins).toEqual([]);

    // A real budget: many rows, beside two older seeds.
    const many = Array.from({ length: 400 }, (_, index) => ({
      ...pinOf(index % 2 ? first : second, 'accepted'),
      partnerId: `22222222-2222-4222-8222-${String(index).padStart(12, '0')}`,
    }));
    const fitted = fitLinkRecord({ pins: many, verifiedPair: null }, (candidate) =>
      linkRecordFits(candidate, 2),
    );
    expect(linkRecordFits({ pins: many, verifiedPair: null }, 2)).toBe(false);
    expect(linkRecordFits(fitted, 2)).toBe(true);
    expect(fitted.pins.length).toBeGreaterThan(100);
    expect(fitted.pins).toEqual(many.slice(many.length - fitted.pins.length));
    expect(
      linkRecordFits({ pins: many.slice(-fitted.pins.length - 1), verifiedPair: null }, 2),
    ).toBe(false);
  });

  it('keeps the pins before the wishes when both do not fit', () => {
    expect(fitWithWishes(record, () => true)).toBe(record);
    const wishes = { answers: { 'c:kiss': { answer: 'yes', at: 1 } } };
    const big = { pins, verifiedPair: null, wishes };
    // Every pin fits only without the wishes: they are left to the wish backup.
    const withoutWishes = (candidate: LinkRecord) => candidate.wishes === undefined;
    expect(fitWithWishes(big, withoutWishes)).toEqual({ pins, verifiedPair: null });
    // Pins fitted down to the newest three, and the wishes still fit beside them.
    const three = (candidate: LinkRecord) => candidate.pins.length <= 3;
    expect(fitWithWishes(big, three)).toEqual({ pins: pins.slice(-3), verifiedPair: null, wishes });
  });

  it('replaces what a device without a key pinned, and only appends on one with a key', () => {
    const serverKey = pinOf(second, 'first-use');
    expect(pinsAdoption(pins, [serverKey], false)).toEqual({ replace: pins });
    expect(pinsAdoption(pins, [], false)).toEqual({ replace: pins });
    const recorded = [pinOf(first, 'first-use'), pinOf(second, 'seen-in-history')];
    expect(pinsAdoption(pins, recorded, true)).toEqual({
      append: [pins[0], pins[3], pins[4]],
    });
  });

  it('drops a malformed record with a log line that holds none of it, and skips a v1 link', async () => {
    const before = recentClientErrors(100).length;
    await adoptLinkRecord(USER_ID, null, CARRIES_NOTHING);
    expect(recentClientErrors(100)).toHaveLength(before);

    const secret = 'the partner key of a stranger';
    await adoptLinkRecord(
      USER_ID,
      { pins: [{ ...pins[1], reason: secret }], verifiedPair: null },
      CARRIES_NOTHING,
    );
    const [logged] = recentClientErrors(1);
    expect(logged?.function_name).toBe('CLIENT_ERROR_link_record');
    expect(logged?.error_message).toContain('pins.0.reason');
    expect(logged?.error_message).not.toContain(secret);
    expect(logged?.error_message).not.toContain(pins[1]!.publicKey);
  });
});
