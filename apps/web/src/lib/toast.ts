import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Toasts without sonner in the first load: calls made before the toaster has mounted wait here
 * and are shown once it has (components/ToasterHost.tsx loads sonner after the first screen).
 */
type Sonner = typeof sonnerToast;
type Text = Parameters<Sonner>[0];

let ready: Sonner | null = null;
const waiting: ((toast: Sonner) => void)[] = [];

function show(run: (toast: Sonner) => void): void {
  if (ready) run(ready);
  else waiting.push(run);
}

/** Called by the toaster once mounted: what was asked before it is shown now. */
export function toasterReady(toast: Sonner): void {
  ready = toast;
  for (const run of waiting.splice(0)) run(toast);
}

export const toast = Object.assign(
  (message: Text, data?: ExternalToast) => show((t) => t(message, data)),
  {
    success: (message: Text, data?: ExternalToast) => show((t) => t.success(message, data)),
    error: (message: Text, data?: ExternalToast) => show((t) => t.error(message, data)),
    info: (message: Text, data?: ExternalToast) => show((t) => t.info(message, data)),
  },
);
