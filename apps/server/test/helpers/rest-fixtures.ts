import { createECDH, randomBytes } from 'node:crypto';

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
