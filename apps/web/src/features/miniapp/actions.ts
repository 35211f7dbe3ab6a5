import type { Session } from '@couple/protocol';
import { call } from '../../lib/api.js';
import { setSession } from '../../lib/session.js';
import type { MiniAppHost } from './host.js';
import { quickAuthToken } from './quick-auth.js';

/** Quick Auth token from the host, exchanged for our own session by the server. */
export async function signInWithFarcaster(host: MiniAppHost): Promise<Session> {
  const token = await quickAuthToken(host);
  const session = await call('signInWithFarcaster', {
    body: { token, username: host.context.user.username },
  });
  setSession(session);
  return session;
}

/** Lets the user add the mini-app to their client (and enable its notifications). */
export async function addMiniApp(host: MiniAppHost): Promise<boolean> {
  const result = await host.sdk.actions.addMiniApp();
  return result.notificationDetails !== undefined;
}
