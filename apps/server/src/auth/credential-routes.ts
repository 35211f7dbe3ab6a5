import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNT_PAGES } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { contractRoutes } from '../http/contract-route.js';
import * as credentials from './credentials.js';
import { requestLocale } from '../http/request-locale.js';

/**
 * Forgot password, change password and change e-mail (the username changes through
 * PATCH /api/profile, with onboarding's rule).
 */
export const credentialRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = contractRoutes(app, ctx.config);

  // The fragment never reaches a server, a proxy's log or a Referer header.
  const webResetLink = (token: string) =>
    `${new URL(ACCOUNT_PAGES.resetPassword, ctx.config.PUBLIC_URL).toString()}#token=${token}`;

  route('requestPasswordReset', async ({ body, request }) => {
    const language = requestLocale(request.headers['accept-language']);
    await credentials.requestPasswordReset(ctx, body.email, webResetLink, language);
    return undefined;
  });

  route('resetPassword', async ({ body }) =>
    credentials.resetPassword(ctx, body.token, body.password),
  );

  route('changePassword', async ({ user, body }) => {
    await credentials.changePassword(ctx, user, {
      currentPassword: body.current_password,
      password: body.password,
    });
    return undefined;
  });

  route('requestEmailChange', async ({ user, body, request }) => {
    const change = { email: body.email, currentPassword: body.current_password };
    const language = requestLocale(request.headers['accept-language']);
    await credentials.requestEmailChange(ctx, user, change, language);
    return undefined;
  });

  // A link opened from a mailbox: the outcome is a page of the web app, not JSON.
  route('confirmEmailChange', async ({ query, reply }) => {
    const changed = await credentials.confirmEmailChange(ctx, query.token);
    return reply.redirect(`${ACCOUNT_PAGES.emailChanged}${changed ? '' : '?error=invalid'}`, 303);
  });
};
