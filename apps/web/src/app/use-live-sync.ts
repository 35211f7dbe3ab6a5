import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SERVER_EVENTS, TEXTS, TOAST_MS } from '@couple/protocol/browser';
import { PARTNER_LEFT_TOAST_MS } from '@couple/protocol/browser';
import { intensityEmoji } from '@couple/protocol/browser';
import { onLive } from '../lib/live.js';
import { NOTIFICATION_TAG, STORAGE_KEYS } from '../lib/constants.js';
import { removeStorage } from '../lib/storage.js';
import { inboxKeys } from '../features/inbox/queries.js';
import { setPartnerStatus } from '../features/pairing/queries.js';
import { partnerLeftNotice } from '../features/pairing/queries.js';
import { profileKeys } from '../features/profile/queries.js';

/** A device notification while the app is hidden; the push message (same tag) replaces it. */
async function notifyHidden(intensity: number): Promise<void> {
  if (document.visibilityState !== 'hidden' || !('Notification' in window)) return;
  if (Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker?.getRegistration('/');
  await registration?.showNotification(`${intensityEmoji(intensity)} ${TEXTS.newDesireToast}`, {
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-72.png',
    tag: NOTIFICATION_TAG,
    data: { url: '/notifications' },
  });
}

/** Live events into the query cache: list, badge, stats, partner (SPEC §4 unread, pairing). */
export function useLiveSync(userId: string | undefined): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    const stops = [
      onLive(SERVER_EVENTS.newMessage, (message) => {
        void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
        void queryClient.invalidateQueries({ queryKey: profileKeys.stats() });
        if (message.receiver_id !== userId) return;
        toast(TEXTS.newDesireToast, {
          duration: TOAST_MS.newDesire,
          icon: intensityEmoji(message.intensity),
        });
        void notifyHidden(message.intensity).catch(() => undefined);
      }),
      onLive(SERVER_EVENTS.unreadCount, ({ count }) => {
        queryClient.setQueryData(inboxKeys.unreadCount(), count);
      }),
      onLive(SERVER_EVENTS.messagesMarkedRead, () => {
        void queryClient.invalidateQueries({ queryKey: inboxKeys.unreadCount() });
      }),
      onLive(SERVER_EVENTS.partnerStatusUpdate, ({ status, partner, ended_by }) => {
        const notice = partnerLeftNotice(queryClient, userId, ended_by);
        if (notice) toast.info(notice, { duration: PARTNER_LEFT_TOAST_MS });
        removeStorage(STORAGE_KEYS.partnerId(userId));
        setPartnerStatus(queryClient, status, partner);
        void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [userId, queryClient]);
}
