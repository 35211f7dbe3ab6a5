import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.js';

export const quietKeys = {
  all: ['quiet-hours'] as const,
};

const MINUTE_MS = 60_000;

/** Own window and whether the partner's is on: refreshed each minute (a window opens by time). */
export function useQuietHours() {
  return useQuery({
    queryKey: quietKeys.all,
    queryFn: () => call('getQuietHours'),
    refetchInterval: MINUTE_MS,
  });
}
