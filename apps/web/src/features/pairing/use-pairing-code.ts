import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PARTNER_CONNECTED_REDIRECT_MS, SERVER_EVENTS, TEXTS } from '@couple/protocol/browser';
import { toast } from '../../lib/toast.js';
import { call } from '../../lib/api.js';
import { failureText } from '../../lib/api-errors.js';
import { logClientError } from '../../lib/client-errors.js';
import { useI18n } from '../../lib/i18n.js';
import { onLive } from '../../lib/live.js';
import { ROUTES } from '../../lib/routes.js';
import { profileKeys } from '../profile/queries.js';
import { isConnected, setPartnerStatus } from './queries.js';
import { holdRedirects } from './redirect-hold.js';

interface PairingCode {
  code: string;
  expiresAt: string;
}

/** A pairing code asked for once on arrival, and again on `generate()`. */
export function usePairingCode() {
  const i18n = useI18n();
  const [pairing, setPairing] = useState<PairingCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busyRef = useRef(false);
  const requested = useRef(false);

  const generate = useCallback(async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      const result = await call('generatePairingCode');
      if (!result.success || !result.code || !result.expires_at) {
        setError(i18n._(result.error ?? TEXTS.generateCodeFailed));
        return;
      }
      setPairing({ code: result.code, expiresAt: result.expires_at });
      toast.success(i18n._(TEXTS.codeGenerated));
    } catch (caught) {
      logClientError('generate_code', caught);
      setError(failureText(caught, TEXTS.generateCodeFailed));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, [i18n]);

  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void generate();
  }, [generate]);

  return { pairing, busy, error, generate };
}

/**
 * While a code is shown, the partner entering it is announced and, a moment later, leads home
 * (the route gate holds its own redirect meanwhile).
 */
export function useHomeWhenPartnerConnects(shown: PairingCode | null) {
  const i18n = useI18n();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onLive(SERVER_EVENTS.partnerStatusUpdate, ({ status, partner }) => {
      if (!isConnected(status) || !partner || timer) return;
      holdRedirects(true);
      setPartnerStatus(queryClient, status, partner);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(i18n._(TEXTS.partnerConnected));
      timer = setTimeout(() => {
        holdRedirects(false);
        void navigate(ROUTES.home);
      }, PARTNER_CONNECTED_REDIRECT_MS);
    });
    return () => {
      stop();
      if (timer) {
        clearTimeout(timer);
        holdRedirects(false);
      }
    };
  }, [shown, queryClient, navigate, i18n]);
}
