import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import {
  EMAIL_CHANGE_TTL_HOURS,
  MAIL_TEXTS,
  PASSWORD_RESET_TTL_MINUTES,
  translate,
  type Locale,
} from '@couple/protocol';

/** Each mail is written in `locale`: the recipient's language (profile/recipient.ts). */
export interface Mailer {
  sendConfirmation(to: string, link: string, locale: Locale): Promise<void>;
  /** The single-use link to choose a new password. */
  sendPasswordReset(to: string, link: string, locale: Locale): Promise<void>;
  /** The link that makes `to` the account's new address. */
  sendEmailChange(to: string, link: string, locale: Locale): Promise<void>;
  /** Tells the current address that a change to newEmail was asked for (no link). */
  sendEmailChangeNotice(to: string, newEmail: string, locale: Locale): Promise<void>;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Content-Language: the language the mail is written in. */
  headers: { 'Content-Language': Locale };
}

const MAILS = {
  confirmation: (to: string, link: string, locale: Locale): Mail => ({
    to,
    subject: translate(locale, MAIL_TEXTS.confirmationSubject),
    text: translate(locale, MAIL_TEXTS.confirmationBody, { link }),
    headers: { 'Content-Language': locale },
  }),
  passwordReset: (to: string, link: string, locale: Locale): Mail => ({
    to,
    subject: translate(locale, MAIL_TEXTS.resetSubject),
    text: translate(locale, MAIL_TEXTS.resetBody, { link, minutes: PASSWORD_RESET_TTL_MINUTES }),
    headers: { 'Content-Language': locale },
  }),
  emailChange: (to: string, link: string, locale: Locale): Mail => ({
    to,
    subject: translate(locale, MAIL_TEXTS.emailChangeSubject),
    text: translate(locale, MAIL_TEXTS.emailChangeBody, { link, hours: EMAIL_CHANGE_TTL_HOURS }),
    headers: { 'Content-Language': locale },
  }),
  emailChangeNotice: (to: string, newEmail: string, locale: Locale): Mail => ({
    to,
    subject: translate(locale, MAIL_TEXTS.emailChangeNoticeSubject),
    text: translate(locale, MAIL_TEXTS.emailChangeNoticeBody, { newEmail }),
    headers: { 'Content-Language': locale },
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
    sendConfirmation: (to, link, locale) => send(MAILS.confirmation(to, link, locale)),
    sendPasswordReset: (to, link, locale) => send(MAILS.passwordReset(to, link, locale)),
    sendEmailChange: (to, link, locale) => send(MAILS.emailChange(to, link, locale)),
    sendEmailChangeNotice: (to, newEmail, locale) =>
      send(MAILS.emailChangeNotice(to, newEmail, locale)),
  };
}
