import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WishesState } from '@couple/protocol';
import type { Identity } from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';
import { uuid } from '../../lib/uuid.js';
import { useProfile } from '../profile/queries.js';
import { useKeys } from '../keys/use-keys.js';
import { refreshKeys, useDeviceKeys } from '../keys/queries.js';
import type { KeyState } from '../keys/key-state.js';
import { pinnedCurrentKeyOf, trustedKeysOf } from '../keys/pins.js';
import { wishesApi } from './api.js';
import { deviceWishStore as store } from './device-store.js';
import { webLockExclusive, type EngineContext } from './engine-context.js';
import type { OpenKeys } from './engine-open.js';
import { useWishesState } from './queries.js';
import { lazyWishCrypto } from './lazy-crypto.js';
import type { WishesStatus } from './types.js';

export interface WishEngine {
  status: WishesStatus;
  userId: string | undefined;
  state: WishesState | undefined;
  /** When `state` was fetched: what the opened texts are cached by. */
  stateAt: number;
  /** Set only when rounds may run: keys ready and the partner's current key trusted here. */
  ctx: EngineContext | null;
  openKeys: OpenKeys | null;
}

/**
 * The partner's current key from this device's pins of the partner's keys (never its own keys),
 * and only while no key-change warning is up; null otherwise, and then nothing runs.
 */
export function trustedPartnerKey(keys: KeyState): { keyId: string; publicKey: string } | null {
  if (keys.partnerKeyChanged || !keys.pinContext) return null;
  return pinnedCurrentKeyOf(keys.pinContext);
}

/** The partner keys a partner's blob may be sealed with: the partner's pins, none of one's own. */
function trustedPartnerKeysOf(keys: KeyState): Map<string, string> {
  if (!keys.pinContext) return new Map();
  const { pins, partnerId, ownKeyIds } = keys.pinContext;
  return new Map([...trustedKeysOf(pins, partnerId)].filter(([keyId]) => !ownKeyIds.has(keyId)));
}

function statusOf(
  partnerId: string | null | undefined,
  keys: ReturnType<typeof useKeys>,
  identities: readonly Identity[] | undefined,
): WishesStatus | 'keys-ok' {
  if (partnerId === undefined) return 'loading';
  if (partnerId === null) return 'no-partner';
  if (keys.unavailable) return 'needs-keys';
  if (!keys.state || !identities) return 'loading';
  if (keys.state.status !== 'ready' || !keys.state.current || !keys.state.partner) {
    return 'needs-keys';
  }
  return trustedPartnerKey(keys.state) ? 'keys-ok' : 'partner-key-unconfirmed';
}

/** Who, with which keys, and whether the engine may run: shared by the screen and the runner. */
export function useWishEngine(): WishEngine {
  const queryClient = useQueryClient();
  const keys = useKeys();
  const userId = keys.userId;
  const profile = useProfile();
  const partnerId = profile.data ? profile.data.partner_id : undefined;
  const identities = useDeviceKeys(userId).data?.identities;
  const keyStatus = statusOf(partnerId, keys, identities);
  const wishes = useWishesState(keyStatus === 'keys-ok');
  const state = wishes.data;
  const stateAt = wishes.dataUpdatedAt;

  return useMemo((): WishEngine => {
    const status: WishesStatus =
      keyStatus !== 'keys-ok' ? keyStatus : state ? 'ready' : wishes.isError ? 'error' : 'loading';
    const current = keys.state?.current;
    const partnerKey = keys.state ? trustedPartnerKey(keys.state) : null;
    if (keyStatus !== 'keys-ok' || !userId || !partnerId || !current || !partnerKey) {
      return { status, userId, state, stateAt, ctx: null, openKeys: null };
    }
    const couple = { selfId: userId, partnerId };
    const held = identities ?? [current];
    const trustedPartnerKeys = keys.state
      ? trustedPartnerKeysOf(keys.state)
      : new Map<string, string>();
    const ctx: EngineContext = {
      couple,
      identity: current,
      identities: held,
      partnerKey,
      store,
      api: wishesApi,
      crypto: lazyWishCrypto,
      exclusive: webLockExclusive,
      newId: uuid,
      onPartnerKeyChanged: () => void refreshKeys(queryClient),
      onError: (context, error) => logClientError(context, error),
    };
    const openKeys = { couple, identities: held, trustedPartnerKeys };
    return { status, userId, state, stateAt, ctx, openKeys };
  }, [
    keyStatus,
    state,
    stateAt,
    wishes.isError,
    keys.state,
    userId,
    partnerId,
    identities,
    queryClient,
  ]);
}

export { store as wishStore };
