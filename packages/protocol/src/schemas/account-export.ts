import { z } from 'zod';
import { thoughtSchema } from './thoughts.js';
import { wishBackupSchema, wishItemSchema, wishMatchSetSchema, wishRoundSchema } from './wishes.js';

/**
 * What the server holds about a person beside their profile, pairings and desires, for the
 * export (docs/export-format.md). Secrets are left out: session token hashes, a push
 * subscription's keys, mini-app notification tokens, one-time link hashes.
 */

/** A signed-in device (an auth session), open or ended; its refresh token hashes are not given. */
export const sessionRecordSchema = z.object({
  id: z.uuid(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  refreshed_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
});

/** One published identity public key; replaced keys stay as the history. */
export const identityKeyRecordSchema = z.object({
  key_id: z.string(),
  public_key: z.string(),
  rotation_signature: z.string().nullable(),
  predecessor_signature: z.string().nullable(),
  created_at: z.string(),
  replaced_at: z.string().nullable(),
});

/**
 * A request to link a new device, with the public values of each step taken (commitment,
 * answer, reveal); the sealed key it carried once approved is not given.
 */
export const deviceLinkRecordSchema = z.object({
  id: z.uuid(),
  commitment: z.string(),
  approver_public_key: z.string().nullable(),
  ephemeral_public_key: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  responded_at: z.string().nullable(),
  revealed_at: z.string().nullable(),
  approved_at: z.string().nullable(),
});

export const pairingCodeRecordSchema = z.object({
  code: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
});

/** Where the browser's pushes go; its encryption keys (p256dh, auth) are not given. */
export const pushSubscriptionRecordSchema = z.object({
  endpoint: z.string(),
  updated_at: z.string(),
});

/** A mini-app's notification link (Farcaster); the token itself is not given. */
export const notificationLinkRecordSchema = z.object({
  platform: z.string(),
  url: z.string().nullable(),
  app_fid: z.number().int().nullable(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const quietHoursRecordSchema = z.object({
  start: z.string(),
  end: z.string(),
  time_zone: z.string(),
  updated_at: z.string(),
});

export const debugLogRecordSchema = z.object({
  function_name: z.string(),
  input_params: z.unknown(),
  error_message: z.string().nullable(),
  execution_time_ms: z.number().int().nullable(),
  created_at: z.string(),
});

/** A one-time e-mail link (confirmation, password reset, address change); its hash is not given. */
export const emailLinkRecordSchema = z.object({
  kind: z.enum(['email_confirmation', 'password_reset', 'email_change']),
  /** The address asked for, for an address change; else null. */
  new_email: z.string().nullable(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
});

/**
 * The person's wishes, sealed as stored (the server cannot open them; the exporting device may):
 * the custom wishes they proposed, the open rounds they are a side of, their match list, and
 * the backup of their own answers and settings (sealed to their own key only).
 */
export const wishesRecordSchema = z.object({
  items: z.array(wishItemSchema),
  rounds: z.array(wishRoundSchema),
  matches: wishMatchSetSchema.nullable(),
  backup: wishBackupSchema.nullable(),
});

/** The export's part beyond the desires: what the server keeps to run the account. */
export const accountRecordsSchema = z.object({
  sessions: z.array(sessionRecordSchema),
  identity_keys: z.array(identityKeyRecordSchema),
  device_links: z.array(deviceLinkRecordSchema),
  pairing_codes: z.array(pairingCodeRecordSchema),
  push_subscription: pushSubscriptionRecordSchema.nullable(),
  notification_links: z.array(notificationLinkRecordSchema),
  quiet_hours: quietHoursRecordSchema.nullable(),
  debug_logs: z.array(debugLogRecordSchema),
  email_links: z.array(emailLinkRecordSchema),
  /** "Thinking of you" sent and received (sender_id and receiver_id tell which). */
  thoughts: z.array(thoughtSchema),
  wishes: wishesRecordSchema,
});
export type AccountRecords = z.infer<typeof accountRecordsSchema>;
