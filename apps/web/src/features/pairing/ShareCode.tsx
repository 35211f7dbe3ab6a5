import type { ReactNode } from 'react';
import { toast } from '../../lib/toast.js';
import { Link2, Share2 } from 'lucide-react';
import { APP_TEXTS } from '@couple/protocol/browser';
import { Button } from '../../components/Button.js';
import { QrCode } from '../../components/QrCode.js';
import { logClientError } from '../../lib/client-errors.js';
import { pairingLink } from './pairing-link.js';
import { useI18n } from '../../lib/i18n.js';

/**
 * The code as a link (copied, shared through the system sheet) and as a QR code of that link;
 * `children` (Copy Code) sits beside Copy Link.
 */
export function ShareCode({ code, children }: { code: string; children: ReactNode }) {
  const i18n = useI18n();
  const link = pairingLink(window.location.origin, code);
  const canShare = typeof navigator.share === 'function';

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(i18n._(APP_TEXTS.linkCopied));
    } catch (caught) {
      logClientError('copy_link', caught);
    }
  }

  async function share() {
    try {
      await navigator.share({
        title: i18n._(APP_TEXTS.shareCodeTitle),
        text: i18n._(APP_TEXTS.shareCodeText, { code }),
        url: link,
      });
    } catch (caught) {
      // Closing the share sheet is a choice, not a failure.
      if (!(caught instanceof DOMException && caught.name === 'AbortError')) {
        logClientError('share_code', caught);
      }
    }
  }

  return (
    <div className="flex w-full flex-col items-center gap-3">
      <QrCode value={link} label={i18n._(APP_TEXTS.qrLabel, { code })} size={160} />
      <div className="grid w-full gap-3 sm:grid-cols-2">
        {canShare && (
          <Button className="sm:col-span-2" onClick={() => void share()}>
            <Share2 className="size-5" aria-hidden="true" />
            {i18n._(APP_TEXTS.shareCode)}
          </Button>
        )}
        <Button variant="secondary" onClick={() => void copyLink()}>
          <Link2 className="size-5" aria-hidden="true" />
          {i18n._(APP_TEXTS.copyLink)}
        </Button>
        {children}
      </div>
    </div>
  );
}
