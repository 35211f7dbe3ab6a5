import { randomBytes, randomUUID } from 'node:crypto';
import { WISH_BACKUP_CONTENT_LENGTH, type SealedWishBlob } from '@couple/protocol';
import { createUser, pair, request, type ApiResponse, type Answer, type TestUser } from './api.js';
import { fakeV2, publishKey, type IdentityKey } from './keys.js';

/** One partner of a test couple: the user and the identity key they published. */
export interface WishPerson {
  user: TestUser;
  key: IdentityKey;
}

/** Two new users, paired, each with a published identity key. */
export async function wishCouple(baseUrl: string): Promise<[WishPerson, WishPerson]> {
  const [alice, bob] = await Promise.all([createUser(baseUrl), createUser(baseUrl)]);
  await pair(baseUrl, alice, bob);
  const [aliceKey, bobKey] = [await publishKey(baseUrl, alice), await publishKey(baseUrl, bob)];
  return [
    { user: alice, key: aliceKey },
    { user: bob, key: bobKey },
  ];
}

/**
 * A well-shaped sealed blob from one partner to the other: random bytes where a device puts
 * ciphertext, encryption data naming the partner's and the sender's own key (fakeV2).
 */
export function sealedBlob(from: WishPerson, to: WishPerson, bytes = 96): SealedWishBlob {
  return {
    content: randomBytes(bytes).toString('base64'),
    encryption_data: fakeV2(from.key.key_id, [to.key.key_id, from.key.key_id]),
  };
}

/**
 * A wish backup's shape (`iv.enc.wrapped_key.ciphertext`, base64url, the one fixed length) around
 * random characters: what the server checks of a backup, which it never opens.
 */
export function fakeBackupContent(): string {
  const part = (chars: number) => randomBytes(chars).toString('base64url').slice(0, chars);
  const head = [part(16), part(87), part(64)];
  return [...head, part(WISH_BACKUP_CONTENT_LENGTH - head.join('.').length - 1)].join('.');
}

/** The HTTP calls of wishes for one server. */
export function wishApi(baseUrl: string) {
  const call = <T = Answer>(
    who: WishPerson | TestUser,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ApiResponse<T>> =>
    request<T>(baseUrl, method, `/api${path}`, {
      token: 'user' in who ? who.user.token : who.token,
      body,
    });
  return {
    call,
    propose: (from: WishPerson, to: WishPerson, id: string = randomUUID()) =>
      call(from, 'POST', '/wishes/items', { id, text: sealedBlob(from, to) }),
    start: (from: WishPerson, to: WishPerson, id: string = randomUUID()) =>
      call(from, 'POST', '/wishes/rounds', { id, offer: sealedBlob(from, to) }),
    reply: (from: WishPerson, to: WishPerson, id: string) =>
      call(from, 'PUT', `/wishes/rounds/${id}/reply`, { reply: sealedBlob(from, to) }),
    finish: (from: WishPerson, to: WishPerson, id: string, newMatch = false) =>
      call(from, 'PUT', `/wishes/rounds/${id}/finish`, {
        finish: sealedBlob(from, to),
        matches: sealedBlob(from, to),
        new_match: newMatch,
      }),
    complete: (from: WishPerson, to: WishPerson, id: string) =>
      call(from, 'PUT', `/wishes/rounds/${id}/complete`, { matches: sealedBlob(from, to) }),
    state: (who: WishPerson) => call(who, 'GET', '/wishes'),
    backup: (who: WishPerson | TestUser) => call(who, 'GET', '/wishes/backup'),
    putBackup: (who: WishPerson | TestUser, body: unknown) =>
      call(who, 'PUT', '/wishes/backup', body),
  };
}
