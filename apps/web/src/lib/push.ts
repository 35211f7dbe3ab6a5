import type { PushSubscriptionInput } from '@couple/protocol';
import { TEXTS } from '@couple/protocol/browser';
import { api } from './api.js';
import { base64UrlToBytes, sameKey } from './base64url.js';

/** SPEC §5: push needs service workers, a push manager and notifications. */
export function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register('/sw.js', { scope: '/' });
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

/**
 * SPEC §4 push registration. `ask` lets a user gesture request permission; start-up never asks.
 * Returns the saved subscription, or null (unsupported, not granted, failure: logged only).
 */
export async function registerPush(ask: boolean): Promise<PushSubscription | null> {
  if (!isPushSupported()) {
    console.info('Push notifications are not supported in this browser');
    return null;
  }
  let permission = Notification.permission;
  if (permission === 'default' && ask) permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    if (permission === 'denied') console.info(TEXTS.notificationPermissionDenied);
    return null;
  }
  try {
    const registration = await registerServiceWorker();
    await navigator.serviceWorker.ready;
    const { publicKey } = await api.pushPublicKey();
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
    await api
      .savePushSubscription(subscription.toJSON() as PushSubscriptionInput)
      .catch((error: unknown) => console.error('Failed to save push subscription', error));
    return subscription;
  } catch (error) {
    console.error('Push registration failed', error);
    return null;
  }
}

/** Removes the browser subscription and the stored record for this user. */
export async function unregisterPush(): Promise<void> {
  if (!isPushSupported()) return;
  const subscription = await currentSubscription().catch(() => null);
  await subscription
    ?.unsubscribe()
    .catch((error: unknown) => console.error('Failed to unsubscribe', error));
  await api
    .deletePushSubscription()
    .catch((error: unknown) => console.error('Failed to remove push subscription', error));
}
