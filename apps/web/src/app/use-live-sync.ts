import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../lib/toast.js';
import {
  ACCOUNT_TEXTS,
  ANSWER_EMOJI,
  PARTNER_LEFT_TOAST_MS,
  SCORE_MAX,
  SERVER_EVENTS,
  TEXTS,
  TOAST_MS,
  ANSWERED_TOAST,
  ANSWER_TEXTS,
  WISH_TEXTS,
} from '@couple/protocol/browser';
import { intensityEmoji } from '@couple/protocol/browser';
import { getLiveState, onLive, subscribeLiveState } from '../lib/live.js';
import { NOTIFICATION_TAG, STORAGE_KEYS } from '../lib/constants.js';
import { removeStorage } from '../lib/storage.js';
import { ROUTES } from '../lib/routes.js';
import { inboxKeys } from '../features/inbox/queries.js';
import {
  getPartnerName,
  partnerKeys,
  partnerLeftNotice,
  setPartnerStatus,
} from '../features/pairing/queries.js';
import { profileKeys } from '../features/profile/queries.js';
import { addThought, thoughtKeys } from '../features/thoughts/queries.js';
import { i18n } from '../lib/i18n.js';

const SENT_VIEW = `${ROUTES.notifications}?view=sent`;

/** A device notification while the app is hidden; the push message (same tag) replaces it. */
async function notifyHidden(intensity: number): Promise<void> {
  if (document.visibilityState !== 'hidden' || !('Notification' in window)) return;
  if (Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker?.getRegistration('/');
  const title = `${intensityEmoji(intensity)} ${i18n._(TEXTS.newDesireToast)}`;
  await registration?.showNotification(title, {
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-72.png',
    tag: NOTIFICATION_TAG,
    data: { url: '/notifications' },
  });
}

/** Live events into the query cache: list, badge, stats, partner (SPEC §4 unread, pairing). */
export function useLiveSync(userId: string | undefined): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!userId) return;
    const stops = [
      onLive(SERVER_EVENTS.newMessage, (message) => {
        void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
        void queryClient.invalidateQueries({ queryKey: profileKeys.stats() });
        if (message.receiver_id !== userId) return;
        toast(i18n._(TEXTS.newDesireToast), {
          duration: TOAST_MS.newDesire,
          icon: intensityEmoji(message.intensity),
          description: i18n._('Intensity {intensity}/{max} · Urgency {urgency}/{max}', {
            intensity: message.intensity,
            urgency: message.urgency,
            max: SCORE_MAX,
          }),
          action: { label: i18n._('View'), onClick: () => void navigate(ROUTES.notifications) },
        });
        void notifyHidden(message.intensity).catch(() => undefined);
      }),
      onLive(SERVER_EVENTS.desireAnswered, (answer) => {
        void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
        if (answer.answerer_id === userId) return;
        const name = getPartnerName(queryClient) ?? i18n._('Your partner');
        // One toast per desire: a changed answer, or its note sent after it, replaces it.
        toast(i18n._(ANSWERED_TOAST, { name, answer: i18n._(ANSWER_TEXTS[answer.choice]) }), {
          id: `answered:${answer.message_id}`,
          duration: TOAST_MS.newDesire,
          icon: ANSWER_EMOJI[answer.choice],
          action: { label: i18n._('View'), onClick: () => void navigate(SENT_VIEW) },
        });
      }),
      onLive(SERVER_EVENTS.thoughtReceived, (thought) => {
        // Into the list (the badge and the inbox follow); the sender's own devices stay quiet.
        addThought(queryClient, thought);
        if (thought.receiver_id !== userId) return;
        const name = getPartnerName(queryClient) ?? i18n._('Your partner');
        toast(i18n._(WISH_TEXTS.thinkingOfYouPush, { name }), {
          id: `thought:${thought.id}`,
          duration: TOAST_MS.newDesire,
          icon: '🤍',
          action: { label: i18n._('View'), onClick: () => void navigate(ROUTES.notifications) },
        });
      }),
      // Events sent while the channel was down (or still connecting after a page load) are
      // lost: each connect reads the inbox, the thoughts and the pair again.
      subscribeLiveState(() => {
        if (getLiveState() !== 'connected') return;
        for (const queryKey of [inboxKeys.all, thoughtKeys.all, partnerKeys.all]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }),
      onLive(SERVER_EVENTS.unreadCount, ({ count }) => {
        queryClient.setQueryData(inboxKeys.unreadCount(), count);
      }),
      onLive(SERVER_EVENTS.messagesMarkedRead, () => {
        void queryClient.invalidateQueries({ queryKey: inboxKeys.unreadCount() });
        // The sender's Sent view shows "Seen" as soon as the partner reads.
        void queryClient.invalidateQueries({ queryKey: inboxKeys.sent() });
      }),
      onLive(SERVER_EVENTS.partnerStatusUpdate, ({ status, partner, ended_by }) => {
        const notice = partnerLeftNotice(queryClient, userId, ended_by);
        if (notice) toast.info(notice, { duration: PARTNER_LEFT_TOAST_MS });
        removeStorage(STORAGE_KEYS.partnerId(userId));
        setPartnerStatus(queryClient, status, partner);
        void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      }),
      onLive(SERVER_EVENTS.partnerAccountDeleted, ({ username }) => {
        toast(i18n._(ACCOUNT_TEXTS.partnerDeletedAccount, { name: username }), {
          duration: TOAST_MS.newDesire,
        });
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [userId, queryClient, navigate]);
}
