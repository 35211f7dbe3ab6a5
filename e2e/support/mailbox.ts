import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { ReceivedMail } from '../../apps/server/test/helpers/smtp-inbox.js';

/** The newest mail the run's SMTP receiver (global-setup.ts) filed for this address. */
export async function mailTo(address: string): Promise<ReceivedMail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: global-setup.ts starts the receiver');
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(dir))
          .filter((name) => name.endsWith('.json'))
          .sort()
          .reverse();
        for (const name of names) {
          const mail = JSON.parse(await readFile(join(dir, name), 'utf8')) as ReceivedMail;
          if (mail.to.includes(address)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link of a mail's text. */
export function linkOf(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return link;
}
