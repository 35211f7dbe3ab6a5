import { describe, expect, it } from 'vitest';
import type { StoredPushSubscription } from '@couple/protocol';
import { decideDelivery, type Notice } from './decide.js';
import type { RecipientFacts } from './recipient-facts.js';

const SUBSCRIPTION: StoredPushSubscription = {
  endpoint: 'https://push.example.test/send/abc',
  expirationTime: null,
  keys: { p256dh: 'p256dh-key', auth: 'auth-key' },
};
const TOKENS = [{ token: 'bob-token', url: 'https://notify.example.com/x' }];
/** 23:00 to 06:30 in Lisbon (UTC+0 in winter). */
const NIGHT = { start: '23:00', end: '06:30', time_zone: 'Europe/Lisbon' };
const MIDNIGHT = Date.parse('2026-01-15T00:00:00Z');
const NOON = Date.parse('2026-01-15T12:00:00Z');

const bob: RecipientFacts = {
  userId: 'bob',
  locale: 'es',
  unreadDesires: 3,
  unreadThoughts: 2,
  pushSubscription: SUBSCRIPTION,
  farcasterTokens: TOKENS,
  quietHours: NIGHT,
};

describe('decideDelivery', () => {
  it('tells someone out of quiet hours everywhere, in their language, with both counts', () => {
    expect(decideDelivery('desire', bob, NOON)).toEqual({
      userId: 'bob',
      locale: 'es',
      unreadDesires: 3,
      badge: 5,
      push: { subscription: SUBSCRIPTION, quiet: false },
      miniAppTokens: TOKENS,
    });
  });

  it.each<Notice>(['desire', 'answer', 'thought', 'wishMatch'])(
    'in quiet hours a %s push goes silently and no mini-app notification goes',
    (notice) => {
      expect(decideDelivery(notice, bob, MIDNIGHT)).toMatchObject({
        push: { subscription: SUBSCRIPTION, quiet: true },
        miniAppTokens: [],
      });
    },
  );

  it.each<Notice>(['partnerConnected', 'partnerAccountDeleted'])(
    'a %s notice goes as always in quiet hours',
    (notice) => {
      expect(decideDelivery(notice, bob, MIDNIGHT)).toMatchObject({
        push: { subscription: SUBSCRIPTION, quiet: false },
        miniAppTokens: TOKENS,
      });
    },
  );

  it('tells nobody who is no longer the partner (no facts)', () => {
    expect(decideDelivery('answer', null, NOON)).toBeNull();
  });

  it('tells someone not to be notified live only, with the counts', () => {
    expect(decideDelivery('wishMatch', bob, NOON, false)).toEqual({
      userId: 'bob',
      locale: 'es',
      unreadDesires: 3,
      badge: 5,
      push: null,
      miniAppTokens: [],
    });
  });

  it('sends nothing where the person has no subscription and no token', () => {
    const unreachable = { ...bob, pushSubscription: null, farcasterTokens: [], quietHours: null };
    expect(decideDelivery('thought', unreachable, MIDNIGHT)).toMatchObject({
      push: null,
      miniAppTokens: [],
    });
  });
});
