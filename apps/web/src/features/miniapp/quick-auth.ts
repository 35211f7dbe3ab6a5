import { call } from '../../lib/api.js';
import type { MiniAppHost } from './host.js';

let origin: Promise<string> | null = null;

/** The Quick Auth server the server trusts (its FARCASTER_QUICK_AUTH_ORIGIN), asked once. */
function quickAuthOrigin(): Promise<string> {
  origin ??= call('getFarcasterClientConfig').then(
    (config) => config.quickAuthOrigin,
    (error: unknown) => {
      origin = null;
      throw error;
    },
  );
  return origin;
}

/**
 * A Quick Auth token from the host, signed by the server's own Quick Auth origin; `fresh` asks
 * for a new one rather than the one cached from sign-in (a deletion's confirmation).
 */
export async function quickAuthToken(host: MiniAppHost, fresh = false): Promise<string> {
  const quickAuthServerOrigin = await quickAuthOrigin();
  const { token } = await host.sdk.quickAuth.getToken({
    quickAuthServerOrigin,
    ...(fresh ? { force: 'true' } : {}),
  });
  return token;
}
