import { createECDH, randomBytes } from 'node:crypto';
import { request, type RequestOptions, type TestUser } from './api.js';

/** A PushSubscription as a browser makes it: a P-256 public key and a 16-byte auth secret. */
export function browserSubscription(endpoint = 'https://push.example.test/send/abc') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

/** A signed-in call to /rest/v1 with the project's anon key, as supabase-js makes it. */
export function restAs(baseUrl: string, anonKey: string) {
  return (user: TestUser, method: string, path: string, options: RequestOptions = {}) =>
    request(baseUrl, method, `/rest/v1${path}`, {
      ...options,
      token: user.token,
      headers: { apikey: anonKey, ...options.headers },
    });
}
