import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { textDirection } from '@couple/protocol/browser';
import { TOAST_TOP_OFFSET_PX } from '../lib/constants.js';
import { activeLocale, useI18n } from '../lib/i18n.js';
import type { Theme } from '../lib/theme.js';
import { toasterReady } from '../lib/toast.js';

/**
 * sonner's toaster, in its own chunk (see lib/toast.ts), below the sticky app header; its own
 * labels and its direction follow the active language.
 */
export default function ToasterHost({ theme }: { theme: Theme }) {
  const i18n = useI18n();
  useEffect(() => toasterReady(toast), []);
  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      theme={theme}
      dir={textDirection(activeLocale())}
      containerAriaLabel={i18n._('Notifications')}
      toastOptions={{ closeButtonAriaLabel: i18n._('Close toast') }}
      offset={{ top: TOAST_TOP_OFFSET_PX }}
      mobileOffset={{ top: TOAST_TOP_OFFSET_PX }}
    />
  );
}
