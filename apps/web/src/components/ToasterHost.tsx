import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { TOAST_TOP_OFFSET_PX } from '../lib/constants.js';
import type { Theme } from '../lib/theme.js';
import { toasterReady } from '../lib/toast.js';

/** sonner's toaster, in its own chunk (see lib/toast.ts), below the sticky app header. */
export default function ToasterHost({ theme }: { theme: Theme }) {
  useEffect(() => toasterReady(toast), []);
  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      theme={theme}
      offset={{ top: TOAST_TOP_OFFSET_PX }}
      mobileOffset={{ top: TOAST_TOP_OFFSET_PX }}
    />
  );
}
