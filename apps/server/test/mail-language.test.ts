import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_TTL_HOURS,
  MAIL_TEXTS,
  PASSWORD_RESET_TTL_MINUTES,
  translate,
  type Locale,
  type Session,
} from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { createUser, request, type TestUser } from './helpers/api.js';
import { linkIn, type SmtpInbox } from './helpers/smtp-inbox.js';
import { startMailingServer } from './helpers/mailing-server.js';
import type { TestServer } from './helpers/server.js';

/**
 * Each e-mail in its recipient's language (issue 28), over real SMTP: the account's stored
 * language, else the language of the request that caused the mail, else English.
 */
describe.each(DRIVERS)('e-mails in the recipient’s language (%s)', (driver) => {
  let inbox: SmtpInbox;
  let server: TestServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ server, inbox, close } = await startMailingServer(driver, {
      REQUIRE_EMAIL_CONFIRMATION: 'true',
    }));
  });
  afterAll(() => close());

  /** A confirmed account (its confirmation link followed), in `locale` when given. */
  async function account(locale?: Locale): Promise<TestUser> {
    const user = await createUser(server.url);
    const link = new URL(linkIn(await inbox.waitFor((m) => m.to.includes(user.email))));
    const visited = await request(server.url, 'GET', `${link.pathname}${link.search}`);
    expect(visited.status).toBe(303);
    const session = await request<Session>(server.url, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const token = session.body.access_token;
    if (locale) {
      const saved = await request(server.url, 'PUT', '/api/profile/locale', {
        token,
        body: { locale },
      });
      expect(saved.status).toBe(200);
    }
    return { ...user, token, session: session.body };
  }

  const resetMail = async (user: TestUser, acceptLanguage?: string) => {
    inbox.messages.length = 0;
    const asked = await request(server.url, 'POST', '/api/auth/recover', {
      body: { email: user.email },
      ...(acceptLanguage && { headers: { 'accept-language': acceptLanguage } }),
    });
    expect(asked.status).toBe(204);
    return inbox.waitFor((m) => m.to.includes(user.email));
  };

  it('writes a German account’s reset e-mail in German, whatever the request’s language', async () => {
    const user = await account('de');
    const mail = await resetMail(user, 'fr');
    expect(mail.language).toBe('de');
    expect(mail.subject).toBe(translate('de', MAIL_TEXTS.resetSubject));
    const link = linkIn(mail);
    expect(mail.text).toBe(
      translate('de', MAIL_TEXTS.resetBody, { link, minutes: PASSWORD_RESET_TTL_MINUTES }),
    );
  });

  it('writes in the request’s language when the account has none, else in English', async () => {
    const user = await account();
    const spanish = await resetMail(user, 'es-MX,es;q=0.9');
    expect(spanish.language).toBe('es');
    expect(spanish.subject).toBe(translate('es', MAIL_TEXTS.resetSubject));

    const unshipped = await resetMail(user, 'ja');
    expect(unshipped.language).toBe('en');
    expect(unshipped.subject).toBe(translate('en', MAIL_TEXTS.resetSubject));
  });

  it('writes the sign-up confirmation in the sign-up request’s language', async () => {
    const email = `fr_${Date.now()}@example.com`;
    const signup = await request(server.url, 'POST', '/api/auth/signup', {
      body: { email, password: 'correct horse', username: `fr_${Date.now() % 1e6}` },
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(signup.status).toBe(201);
    const mail = await inbox.waitFor((m) => m.to.includes(email));
    expect(mail.language).toBe('fr');
    expect(mail.subject).toBe(translate('fr', MAIL_TEXTS.confirmationSubject));
    expect(mail.text).toBe(translate('fr', MAIL_TEXTS.confirmationBody, { link: linkIn(mail) }));
  });

  it('writes both e-mail change mails in the account’s language', async () => {
    const user = await account('ar');
    inbox.messages.length = 0;
    const newEmail = `new_${Date.now()}@example.com`;
    const asked = await request(server.url, 'POST', '/api/auth/email-change', {
      token: user.token,
      body: { email: newEmail, current_password: user.password },
    });
    expect(asked.status).toBeLessThan(300);
    const change = await inbox.waitFor((m) => m.to.includes(newEmail));
    expect(change.language).toBe('ar');
    expect(change.text).toBe(
      translate('ar', MAIL_TEXTS.emailChangeBody, {
        link: linkIn(change),
        hours: EMAIL_CHANGE_TTL_HOURS,
      }),
    );
    const notice = await inbox.waitFor((m) => m.to.includes(user.email));
    expect(notice.language).toBe('ar');
    expect(notice.subject).toBe(translate('ar', MAIL_TEXTS.emailChangeNoticeSubject));
  });
});
