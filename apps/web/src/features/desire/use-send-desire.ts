import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OFFLINE_TEXTS, TEXTS, TOAST_MS } from '@couple/protocol/browser';
import { toast } from '../../lib/toast.js';
import { ApiError } from '../../lib/api-errors.js';
import { logClientError } from '../../lib/client-errors.js';
import { LiveAckError } from '../../lib/live.js';
import { getSession } from '../../lib/session.js';
import { i18n } from '../../lib/i18n.js';
import type { KeyState } from '../keys/key-state.js';
import { fetchKeyState } from '../keys/queries.js';
import { isStaleKeyError } from '../keys/stale-key.js';
import { NoteSealError, noteSealOf, type NoteSeal } from '../keys/seal.js';
import { acceptPartnerKey } from '../keys/use-keys.js';
import { profileKeys } from '../profile/queries.js';
import { resolvePartnerId } from './partner-id.js';
import { sendDesire } from './send.js';

const KNOWN_TEXTS: readonly string[] = [TEXTS.partnerLoading, TEXTS.noConnectedPartner];
/** The reason shown for a failed send; each is an English catalog id, shown translated. */
function sendErrorText(error: unknown): string {
  const shown =
    error instanceof NoteSealError ||
    error instanceof ApiError ||
    error instanceof LiveAckError ||
    (error instanceof Error && KNOWN_TEXTS.includes(error.message));
  return i18n._(shown ? error.message : TEXTS.sendFailed);
}

interface DesireToSend {
  intensity: number;
  urgency: number;
  note: string;
  seal: NoteSeal;
  keyState: KeyState | null;
  /** Called once the desire is sent or queued. */
  onSent: () => void;
}

interface SendOptions {
  /** The user chose to send to a partner key that replaced the one this device knew. */
  acceptKeyChange?: boolean;
}

/** Sends the form's desire once at a time, and tells how it went in a toast. */
export function useSendDesire(desire: DesireToSend) {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const queryClient = useQueryClient();
  const keyChanged = desire.keyState?.partnerKeyChanged ?? false;

  async function submit(event?: FormEvent, { acceptKeyChange = false }: SendOptions = {}) {
    event?.preventDefault();
    if (busyRef.current || (keyChanged && !acceptKeyChange)) return;
    const session = getSession();
    if (!session) {
      toast.error(i18n._(TEXTS.signInToSend));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      if (acceptKeyChange && desire.keyState) {
        await acceptPartnerKey(queryClient, session.user.id, desire.keyState);
      }
      const result = await sealAndSend(session.user.id);
      desire.onSent();
      if (result.kind === 'queued') {
        toast(i18n._(OFFLINE_TEXTS.queuedToast), { duration: TOAST_MS.sent });
      } else toast.success(i18n._(TEXTS.desireSent), { duration: TOAST_MS.sent });
      void queryClient.invalidateQueries({ queryKey: profileKeys.stats() });
    } catch (error) {
      logClientError('send_desire', error);
      toast.error(sendErrorText(error));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  async function sealAndSend(userId: string) {
    const partnerId = await resolvePartnerId(queryClient, userId);
    const { intensity, urgency, note } = desire;
    const send = (withSeal: NoteSeal) =>
      sendDesire({ userId, partnerId, intensity, urgency, note, seal: withSeal });
    return send(desire.seal).catch(async (error: unknown) => {
      // The partner published a key since this page read them: seal again with the new one,
      // unless it replaced a key this device knew (then the warning shows instead).
      if (!isStaleKeyError(error)) throw error;
      const fresh = await fetchKeyState(queryClient, userId, partnerId);
      if (fresh.partnerKeyChanged) throw error;
      return send(noteSealOf(fresh));
    });
  }

  return { busy, submit };
}
