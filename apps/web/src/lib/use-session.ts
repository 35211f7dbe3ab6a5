import { useSyncExternalStore } from 'react';
import type { Session } from '@couple/protocol';
import { getSession, subscribeSession } from './session.js';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
