import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, its text body decoded. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** Content-Language: the language the server wrote it in. */
  language: string;
}

export interface SmtpInbox {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (received or to come) that matches, or fails after 10 s. */
  waitFor(match: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

/** A header's MIME encoded-words (RFC 2047, as nodemailer writes non-ASCII subjects) decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Reads the headers and the single text part that nodemailer writes for a text-only mail. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return {
    to,
    subject: decodeWords(header('Subject')),
    text: text.replace(/\r\n/g, '\n'),
    language: header('Content-Language'),
  };
}

/** The first http(s) link of a mail's text. */
export function linkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in the mail "${mail.subject}"`);
  return link;
}

/**
 * A real SMTP server on loopback that accepts every message (no TLS, no AUTH), as the receiving
 * side of the server's nodemailer. With `dir`, each message is also written there as JSON, for a
 * test in another process (the Playwright workers).
 */
export async function startSmtpInbox(options: { dir?: string } = {}): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to);
        messages.push(mail);
        for (const wake of waiting) wake();
        // Written beside, then renamed: a reader polling the folder never sees half a file.
        const file = options.dir
          ? join(options.dir, `${Date.now()}-${messages.length}.json`)
          : null;
        const saved = file
          ? writeFile(`${file}.part`, JSON.stringify(mail)).then(() => rename(`${file}.part`, file))
          : Promise.resolve();
        saved.then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error('no matching mail arrived within 10 s'));
        }, 10_000);
        waiting.add(check);
        check();
      });
    },
    close: () => new Promise((done) => server.close(() => done())),
  };
}
