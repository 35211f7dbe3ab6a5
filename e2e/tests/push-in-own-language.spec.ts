import {
  desireNotificationValues,
  PUSH_TEXTS,
  TEXTS,
  translate,
  type Locale,
  type PushPayload,
} from '@couple/protocol';
import { expect, test } from '../support/fixtures.js';
import { pushToServiceWorker, shownNotifications } from '../support/service-worker-push.js';

/** The payload the server sends (apps/server/src/push/payloads.ts) for a desire, in `locale`. */
function desirePush(locale: Locale, dir: 'ltr' | 'rtl', origin: string): PushPayload {
  const title = translate(locale, TEXTS.pushNewDesireTitle, { name: 'alice' });
  return {
    userId: '00000000-0000-4000-8000-000000000000',
    title,
    body: translate(locale, PUSH_TEXTS.desireBody, desireNotificationValues(9, 3)),
    url: '/notifications',
    data: { type: 'new_desire', intensity: 9 },
    web_push: 8030,
    notification: {
      title,
      body: translate(locale, PUSH_TEXTS.newDesire),
      navigate: `${origin}/notifications`,
      lang: locale,
      dir,
      app_badge: '2',
    },
    mutable: true,
  };
}

for (const [locale, dir] of [
  ['fr', 'ltr'],
  ['ar', 'rtl'],
] as const) {
  test(`a phone in ${locale} shows a desire push with its title in ${locale}`, async ({
    openBrowser,
  }) => {
    const page = await openBrowser({ serviceWorker: true, notifications: true });
    await page.goto('/');
    const payload = desirePush(locale, dir, new URL(page.url()).origin);
    await pushToServiceWorker(page, payload);
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: payload.title,
          body: payload.body,
          lang: locale,
          dir,
          url: '/notifications',
        },
      ]);
  });
}

test('a push carrying only the declarative form still shows its localized texts', async ({
  openBrowser,
}) => {
  const page = await openBrowser({ serviceWorker: true, notifications: true });
  await page.goto('/');
  const { notification } = desirePush('es', 'ltr', new URL(page.url()).origin);
  await pushToServiceWorker(page, { web_push: 8030, notification, mutable: true });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: notification!.title,
        body: notification!.body,
        lang: 'es',
        dir: 'ltr',
        url: notification!.navigate,
      },
    ]);
});
