import type { PushSubscriptionInput } from '@couple/protocol';
import { TEXTS, type PushProblem } from '@couple/protocol/browser';
import { call } from './api.js';
import { base64UrlToBytes, sameKey } from './base64url.js';
import { PUSH_SUBSCRIBE_TIMEOUT_MS } from './constants.js';
import { registerServiceWorker } from './service-worker.js';
import { withTimeout } from './timeout.js';

/** SPEC §5: push needs service workers, a push manager and notifications. */
export function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Enabled means permission granted and a browser subscription exists. */
export async function isPushEnabled(): Promise<boolean> {
  if (!isPushSupported() || Notification.permission !== 'granted') return false;
  return (await currentSubscription()) !== null;
}

export type PushOutcome =
  { ok: true; subscription: PushSubscription } | { ok: false; problem: PushProblem };

/**
 * SPEC §4 push registration. `ask` lets a user gesture request permission; start-up never asks.
 * Says why it failed so the switch can explain it (not allowed, unsupported, or an error).
 */
export async function subscribePush(ask: boolean): Promise<PushOutcome> {
  if (!isPushSupported()) {
    console.info('Push notifications are not supported in this browser');
    return { ok: false, problem: 'unsupported' };
  }
  let permission = Notification.permission;
  if (permission === 'default' && ask) permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    if (permission === 'denied') console.info(TEXTS.notificationPermissionDenied);
    return { ok: false, problem: 'blocked' };
  }
  try {
    // A push service that never answers must end in an explanation, not a spinning switch.
    const subscription = await withTimeout(subscribe(), PUSH_SUBSCRIBE_TIMEOUT_MS);
    return { ok: true, subscription };
  } catch (error) {
    console.error('Push registration failed', error);
    return { ok: false, problem: 'failed' };
  }
}

/** Subscribes this browser with the server's key (renewed if the key changed) and saves it. */
async function subscribe(): Promise<PushSubscription> {
  const registration = await registerServiceWorker();
  await navigator.serviceWorker.ready;
  const { publicKey } = await call('getPushPublicKey');
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await call('savePushSubscription', { body: subscription.toJSON() as PushSubscriptionInput });
  return subscription;
}

/** Start-up registration: the subscription, or null (the reason is only logged). */
export async function registerPush(ask: boolean): Promise<PushSubscription | null> {
  const outcome = await subscribePush(ask);
  return outcome.ok ? outcome.subscription : null;
}

/** Removes the browser subscription and the stored record for this user. */
export async function unregisterPush(): Promise<void> {
  if (!isPushSupported()) return;
  const subscription = await currentSubscription().catch(() => null);
  await subscription
    ?.unsubscribe()
    .catch((error: unknown) => console.error('Failed to unsubscribe', error));
  await call('deletePushSubscription').catch((error: unknown) =>
    console.error('Failed to remove push subscription', error),
  );
}
