import type { ApiBody } from '@couple/protocol';
import type { MiniAppHost } from '../../miniapp/host.js';
import { quickAuthToken } from '../../miniapp/quick-auth.js';

/**
 * A Quick Auth token the host signs now (not one cached from sign-in), which the server accepts
 * as confirmation for a few minutes only.
 */
export async function farcasterConfirmation(host: MiniAppHost): Promise<ApiBody<'deleteAccount'>> {
  return { farcaster_token: await quickAuthToken(host, true) };
}
