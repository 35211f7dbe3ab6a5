import type { ApiBody } from '@couple/protocol';
import type { MiniAppHost } from '../../miniapp/host.js';

/**
 * A Quick Auth token the host signs now (force: not one cached from sign-in), which the server
 * accepts as confirmation for a few minutes only.
 */
export async function farcasterConfirmation(host: MiniAppHost): Promise<ApiBody<'deleteAccount'>> {
  const origin = import.meta.env.VITE_QUICK_AUTH_ORIGIN;
  const { token } = await host.sdk.quickAuth.getToken({
    force: 'true',
    ...(origin ? { quickAuthServerOrigin: origin } : {}),
  });
  return { farcaster_token: token };
}
