import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { loadOrCreateSecret } from '../auth/secrets.js';
import { isVapidKeyPair } from './keys.js';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

const storedKeysSchema = z.object({ publicKey: z.string(), privateKey: z.string() });

/**
 * The VAPID keys from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or a pair generated once and stored in
 * app_secrets so that every instance signs with the same key the browsers subscribed with.
 */
export async function loadVapidDetails(config: Config, db: Database): Promise<VapidDetails> {
  const subject = config.VAPID_SUBJECT;
  // loadConfig already checked that the configured keys are one pair.
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  const stored = await loadOrCreateSecret(db, 'vapid_keys', () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  const keys = storedKeysSchema.parse(JSON.parse(stored));
  if (!isVapidKeyPair(keys.publicKey, keys.privateKey))
    throw new Error('stored VAPID keys are not a key pair');
  return { subject, ...keys };
}
