import { useState } from 'react';
import { toast } from '../../../lib/toast.js';
import { Download } from 'lucide-react';
import { ACCOUNT_TEXTS } from '@couple/protocol/browser';
import { Button } from '../../../components/Button.js';
import { failureText } from '../../../lib/api-errors.js';
import { logClientError } from '../../../lib/client-errors.js';
import { call } from '../../../lib/api.js';
import { buildExport, type OpenNote } from './build-export.js';
import { openNoteForExport } from './open-note.js';
import { useI18n } from '../../../lib/i18n.js';

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; a moment later it can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads one JSON file of everything the account holds, notes opened on this device through
 * openNote (docs/export-format.md).
 */
export function ExportButton({ openNote = openNoteForExport }: { openNote?: OpenNote }) {
  const i18n = useI18n();
  const [busy, setBusy] = useState(false);

  async function exportData() {
    setBusy(true);
    try {
      const file = await buildExport(await call('exportAccount'), openNote);
      const day = file.exportedAt.slice(0, 10);
      download(`couple-desires-export-${day}.json`, `${JSON.stringify(file, null, 2)}\n`);
      toast.success(i18n._('Your data was downloaded'));
    } catch (error) {
      logClientError('export', error);
      toast.error(i18n._(failureText(error, ACCOUNT_TEXTS.exportFailed)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700">
        {i18n._(
          'One file with your profile, your pairings and every desire you sent or received, notes opened on this device, and what the server keeps to run your account: signed-in devices, keys, notification settings and error reports.',
        )}
      </p>
      <Button variant="secondary" onClick={() => void exportData()} disabled={busy}>
        <Download className="size-5" aria-hidden="true" />
        {busy ? i18n._('Preparing your file...') : i18n._('Export my data')}
      </Button>
    </div>
  );
}
