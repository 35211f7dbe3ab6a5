import { useSyncExternalStore } from 'react';
import { SHELL_TEXTS } from '@couple/protocol/browser';
import { busyWaits, subscribeBusy } from '../../lib/busy.js';
import { useI18n } from '../../lib/i18n.js';

/**
 * On every screen while a call the server refused for load waits to be sent again: nothing
 * failed and nothing needs doing, so it is a quiet status, not an error.
 */
export function BusyNotice() {
  const i18n = useI18n();
  const waiting = useSyncExternalStore(subscribeBusy, busyWaits) > 0;
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-4"
    >
      {waiting && (
        <p
          data-testid="busy-notice"
          className="flex items-center gap-2 rounded-full bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 shadow-lg ring-1 ring-amber-200"
        >
          {/* A dot, not an icon: the notice is in the first load, which an icon set would grow. */}
          <span
            className="size-2 shrink-0 rounded-full bg-amber-500 motion-safe:animate-pulse"
            aria-hidden="true"
          />
          {i18n._(SHELL_TEXTS.busyRetrying)}
        </p>
      )}
    </div>
  );
}
