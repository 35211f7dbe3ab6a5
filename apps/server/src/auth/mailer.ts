import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import {
  EMAIL_CHANGE_TTL_HOURS,
  english,
  MAIL_TEXTS,
  PASSWORD_RESET_TTL_MINUTES,
} from '@couple/protocol';

export interface Mailer {
  sendConfirmation(to: string, link: string): Promise<void>;
  /** The single-use link to choose a new password. */
  sendPasswordReset(to: string, link: string): Promise<void>;
  /** The link that makes `to` the account's new address. */
  sendEmailChange(to: string, link: string): Promise<void>;
  /** Tells the current address that a change to newEmail was asked for (no link). */
  sendEmailChangeNotice(to: string, newEmail: string): Promise<void>;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

const MAILS = {
  confirmation: (to: string, link: string): Mail => ({
    to,
    subject: 'Confirm your account',
    text: `Confirm your e-mail address to start sharing desires:\n\n${link}\n`,
  }),
  passwordReset: (to: string, link: string): Mail => ({
    to,
    subject: MAIL_TEXTS.resetSubject,
    text: english(MAIL_TEXTS.resetBody, { link, minutes: PASSWORD_RESET_TTL_MINUTES }),
  }),
  emailChange: (to: string, link: string): Mail => ({
    to,
    subject: MAIL_TEXTS.emailChangeSubject,
    text: english(MAIL_TEXTS.emailChangeBody, { link, hours: EMAIL_CHANGE_TTL_HOURS }),
  }),
  emailChangeNotice: (to: string, newEmail: string): Mail => ({
    to,
    subject: MAIL_TEXTS.emailChangeNoticeSubject,
    text: english(MAIL_TEXTS.emailChangeNoticeBody, { newEmail }),
  }),
};

/**
 * SMTP when configured; otherwise, for development, each mail's link goes to the server log
 * (the confirmation link, as before, and in the same way the reset and e-mail change links:
 * docs/configuration.md says so). The notice to an old address carries no link and is only
 * named in the log.
 */
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
      async sendPasswordReset(to, link) {
        log.info({ to, link }, 'SMTP_URL not set: password reset link');
      },
      async sendEmailChange(to, link) {
        log.info({ to, link }, 'SMTP_URL not set: e-mail change link');
      },
      async sendEmailChangeNotice(to) {
        log.info({ to }, 'SMTP_URL not set: e-mail change notice to the old address');
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  const send = async (mail: Mail) => void (await transport.sendMail({ from, ...mail }));
  return {
    sendConfirmation: (to, link) => send(MAILS.confirmation(to, link)),
    sendPasswordReset: (to, link) => send(MAILS.passwordReset(to, link)),
    sendEmailChange: (to, link) => send(MAILS.emailChange(to, link)),
    sendEmailChangeNotice: (to, newEmail) => send(MAILS.emailChangeNotice(to, newEmail)),
  };
}
