import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mailer {
  sendConfirmation(to: string, link: string): Promise<void>;
}

/** SMTP when configured; otherwise the link goes to the server log, for development. */
export function createMailer(
  smtpUrl: string | undefined,
  from: string,
  log: FastifyBaseLogger,
): Mailer {
  if (!smtpUrl) {
    return {
      async sendConfirmation(to, link) {
        log.info({ to, link }, 'SMTP_URL not set: e-mail confirmation link');
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendConfirmation(to, link) {
      await transport.sendMail({
        from,
        to,
        subject: 'Confirm your account',
        text: `Confirm your e-mail address to start sharing desires:\n\n${link}\n`,
      });
    },
  };
}
