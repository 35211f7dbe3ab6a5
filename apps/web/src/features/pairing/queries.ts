import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PartnerStatus, PartnerStatusResponse, PartnerSummary } from '@couple/protocol';
import { SHELL_TEXTS, TIMEOUTS_MS } from '@couple/protocol/browser';
import { withTimeout } from '../../lib/timeout.js';
import { call } from '../../lib/api.js';
import { useSession } from '../../lib/use-session.js';
import { i18n } from '../../lib/i18n.js';

export const partnerKeys = {
  all: ['partner'] as const,
  status: () => [...partnerKeys.all, 'status'] as const,
};

export function usePartnerStatus() {
  const signedIn = useSession() !== null;
  return useQuery({
    queryKey: partnerKeys.status(),
    queryFn: () => withTimeout(call('getPartnerStatus'), TIMEOUTS_MS.authInit),
    enabled: signedIn,
  });
}

export function isConnected(status: PartnerStatus): boolean {
  return status === 'accepted' || status === 'active';
}

/** Writes a live partner_status_update (or a connect result) into the cache. */
export function setPartnerStatus(
  queryClient: QueryClient,
  status: PartnerStatus,
  partner: PartnerSummary | null,
): void {
  const value: PartnerStatusResponse = {
    status,
    partner,
    has_partner: isConnected(status) && partner !== null,
  };
  queryClient.setQueryData(partnerKeys.status(), value);
}

/** The partner's username from the cache, for texts shown outside a screen (toasts). */
export function getPartnerName(queryClient: QueryClient): string | null {
  return (
    queryClient.getQueryData<PartnerStatusResponse>(partnerKeys.status())?.partner?.username ?? null
  );
}

/** The partner ended the link (not this account, on any device): say who, from the cache. */
export function partnerLeftNotice(
  queryClient: QueryClient,
  userId: string,
  endedBy: string | undefined,
): string | null {
  if (!endedBy || endedBy === userId) return null;
  const name = queryClient.getQueryData<PartnerStatusResponse>(partnerKeys.status())?.partner
    ?.username;
  return name
    ? i18n._(SHELL_TEXTS.partnerDisconnectedYou, { name })
    : i18n._(SHELL_TEXTS.partnerDisconnectedYouNoName);
}
