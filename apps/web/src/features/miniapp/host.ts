import { useSyncExternalStore } from 'react';
import { TIMEOUTS_MS } from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';
import { withTimeout } from '../../lib/timeout.js';

type Sdk = (typeof import('@farcaster/miniapp-sdk'))['sdk'];
export type MiniAppContext = Awaited<Sdk['context']>;
export interface MiniAppHost {
  sdk: Sdk;
  context: MiniAppContext;
}

export type HostState =
  { status: 'detecting' } | { status: 'none' } | { status: 'host'; host: MiniAppHost };

/** Farcaster clients frame the app (web) or embed it in a React Native web view (mobile). */
export function isFramed(): boolean {
  try {
    return window.parent !== window || 'ReactNativeWebView' in window;
  } catch {
    return true;
  }
}

let state: HostState = { status: 'detecting' };
const listeners = new Set<() => void>();
let detection: Promise<HostState> | null = null;

function setState(next: HostState): HostState {
  state = next;
  for (const listener of listeners) listener();
  return next;
}

async function detect(): Promise<HostState> {
  // Outside a frame the SDK is never even downloaded.
  if (!isFramed()) return setState({ status: 'none' });
  try {
    const { sdk } = await import('@farcaster/miniapp-sdk');
    const context = await withTimeout(sdk.context, TIMEOUTS_MS.miniAppHostDetection);
    if (!context) return setState({ status: 'none' });
    await sdk.actions.ready();
    return setState({ status: 'host', host: { sdk, context } });
  } catch (error) {
    logClientError('miniapp_detect', error);
    return setState({ status: 'none' });
  }
}

/** SPEC §4: detected once at start-up, 1000 ms limit on the host's answer. */
export function detectMiniAppHost(): Promise<HostState> {
  detection ??= detect();
  return detection;
}

export function getHostState(): HostState {
  return state;
}

export function useMiniAppHost(): HostState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
