import { SERVER_TEXTS, TEXTS } from './texts.js';
import { ACCOUNT_TEXTS } from './account-texts.js';
import { WISH_TEXTS } from './wish-texts.js';

interface ErrorDefinition {
  status: number;
  text: string;
}

/**
 * Every error the server answers: a stable machine code, its HTTP status and the text a person
 * sees. Clients react to the code, never to the text; the text may carry detail (a field name).
 */
export const ERRORS = {
  invalid_input: { status: 400, text: SERVER_TEXTS.invalidBody },
  unknown_field: { status: 400, text: SERVER_TEXTS.invalidBody },
  bad_json: { status: 400, text: SERVER_TEXTS.badJson },
  unsupported_media_type: { status: 415, text: SERVER_TEXTS.unsupportedMediaType },
  body_too_large: { status: 413, text: SERVER_TEXTS.bodyTooLarge },
  not_found: { status: 404, text: SERVER_TEXTS.notFound },
  rate_limited: { status: 429, text: SERVER_TEXTS.tooManyRequests },
  conflict_retry: { status: 409, text: SERVER_TEXTS.concurrentConflict },
  service_unavailable: { status: 503, text: SERVER_TEXTS.serviceUnavailable },
  /** Load shed: the database is behind; sent with Retry-After, and the same on socket acks. */
  server_busy: { status: 503, text: SERVER_TEXTS.serverBusy },
  internal: { status: 500, text: SERVER_TEXTS.internal },

  session_missing: { status: 401, text: TEXTS.authSessionMissing },
  unauthorized: { status: 401, text: SERVER_TEXTS.unauthorized },
  invalid_credentials: { status: 401, text: SERVER_TEXTS.invalidCredentials },
  invalid_refresh_token: { status: 401, text: SERVER_TEXTS.invalidRefreshToken },
  email_not_confirmed: { status: 403, text: SERVER_TEXTS.emailNotConfirmed },
  invalid_confirmation: { status: 400, text: SERVER_TEXTS.invalidConfirmation },
  email_taken: { status: 409, text: SERVER_TEXTS.emailTaken },
  weak_password: { status: 400, text: SERVER_TEXTS.passwordTooShort },
  authentication_failed: { status: 401, text: TEXTS.authenticationFailed },
  sign_in_slowed: { status: 429, text: SERVER_TEXTS.signInSlowed },

  profile_not_found: { status: 404, text: SERVER_TEXTS.profileNotFound },
  username_taken: { status: 409, text: TEXTS.usernameTaken },
  username_update_failed: { status: 404, text: TEXTS.usernameUpdateFailed },

  pairing_code_invalid: { status: 404, text: SERVER_TEXTS.invalidPairingCode },
  pairing_code_expired: { status: 410, text: SERVER_TEXTS.pairingCodeExpired },
  pairing_code_used: { status: 409, text: SERVER_TEXTS.pairingCodeUsed },
  pairing_code_own: { status: 400, text: SERVER_TEXTS.ownPairingCode },
  already_paired: { status: 409, text: SERVER_TEXTS.alreadyPaired },
  code_owner_paired: { status: 409, text: SERVER_TEXTS.codeOwnerPaired },
  no_partner_connection: { status: 404, text: TEXTS.noPartnerConnection },

  no_connected_partner: { status: 409, text: TEXTS.noConnectedPartner },
  not_partner: { status: 403, text: SERVER_TEXTS.onlyToPartner },
  message_not_found: { status: 404, text: SERVER_TEXTS.messageNotFound },
  message_id_taken: { status: 409, text: SERVER_TEXTS.messageIdTaken },
  desire_rate_limited: { status: 429, text: SERVER_TEXTS.desireRateLimited },
  encryption_upgrade_required: { status: 409, text: SERVER_TEXTS.encryptionUpgradeRequired },
  partner_key_changed: { status: 409, text: SERVER_TEXTS.partnerKeyChanged },

  key_id_mismatch: { status: 400, text: SERVER_TEXTS.keyIdMismatch },
  rotation_signature_invalid: { status: 400, text: SERVER_TEXTS.rotationSignatureInvalid },
  predecessor_signature_invalid: {
    status: 400,
    text: SERVER_TEXTS.predecessorSignatureInvalid,
  },
  no_identity_key: { status: 404, text: SERVER_TEXTS.noIdentityKey },
  link_request_not_found: { status: 404, text: SERVER_TEXTS.linkRequestNotFound },
  link_request_expired: { status: 410, text: SERVER_TEXTS.linkRequestExpired },
  link_request_approved: { status: 409, text: SERVER_TEXTS.linkRequestApproved },
  link_step_out_of_order: { status: 409, text: SERVER_TEXTS.linkStepOutOfOrder },
  link_commitment_mismatch: { status: 400, text: SERVER_TEXTS.linkCommitmentMismatch },

  notification_platform_invalid: { status: 400, text: SERVER_TEXTS.invalidPlatform },
  notification_token_invalid: { status: 400, text: SERVER_TEXTS.invalidNotificationToken },
  notification_url_invalid: { status: 400, text: SERVER_TEXTS.invalidNotificationUrl },
  notification_token_taken: { status: 409, text: SERVER_TEXTS.notificationTokenTaken },
  notification_tokens_failed: { status: 400, text: TEXTS.notificationTokensFailed },

  push_webhook_not_configured: { status: 503, text: SERVER_TEXTS.pushWebhookNotConfigured },
  webhook_secret_invalid: { status: 401, text: SERVER_TEXTS.webhookSecretInvalid },
  webhook_token_invalid: { status: 401, text: SERVER_TEXTS.webhookTokenInvalid },
  push_subscription_missing: { status: 404, text: SERVER_TEXTS.pushSubscriptionMissing },
  push_subscription_gone: { status: 410, text: SERVER_TEXTS.pushSubscriptionGone },
  push_failed: { status: 502, text: SERVER_TEXTS.pushServiceUnreachable },

  farcaster_manifest_not_configured: { status: 404, text: SERVER_TEXTS.manifestNotConfigured },
  farcaster_event_invalid: { status: 400, text: SERVER_TEXTS.invalidWebhookEvent },
  farcaster_signature_invalid: { status: 401, text: SERVER_TEXTS.invalidSignature },
  farcaster_app_key_invalid: { status: 401, text: SERVER_TEXTS.invalidAppKey },
  farcaster_app_key_unavailable: { status: 503, text: SERVER_TEXTS.appKeyUnavailable },

  debug_function_name_required: { status: 400, text: SERVER_TEXTS.debugFunctionNameRequired },

  session_not_found: { status: 404, text: ACCOUNT_TEXTS.sessionNotFound },
  // 403, not 401: a wrong password here must not make the client refresh its session and retry.
  reauthentication_required: { status: 400, text: ACCOUNT_TEXTS.reauthenticationRequired },
  reauthentication_failed: { status: 403, text: ACCOUNT_TEXTS.reauthenticationFailed },
  invalid_reset_token: { status: 400, text: SERVER_TEXTS.invalidResetToken },
  reset_emails_limited: { status: 429, text: SERVER_TEXTS.resetEmailsLimited },
  current_password_invalid: { status: 400, text: SERVER_TEXTS.currentPasswordInvalid },
  no_password: { status: 409, text: SERVER_TEXTS.noPassword },
  email_unchanged: { status: 400, text: SERVER_TEXTS.emailUnchanged },
  invalid_email_change: { status: 400, text: SERVER_TEXTS.invalidEmailChange },

  wish_id_taken: { status: 409, text: WISH_TEXTS.wishIdTaken },
  wish_not_found: { status: 404, text: WISH_TEXTS.wishNotFound },
  wish_list_full: { status: 409, text: WISH_TEXTS.wishListFull },
  wish_round_not_found: { status: 404, text: WISH_TEXTS.wishRoundNotFound },
  wish_round_out_of_order: { status: 409, text: WISH_TEXTS.wishRoundOutOfOrder },
  wish_rounds_limited: { status: 429, text: WISH_TEXTS.wishRoundsLimited },
  wish_backup_changed: { status: 409, text: WISH_TEXTS.wishBackupChanged },
  wish_backup_key_stale: { status: 400, text: WISH_TEXTS.wishBackupKeyStale },
  wish_backups_limited: { status: 429, text: WISH_TEXTS.wishBackupsLimited },
  thought_rate_limited: { status: 429, text: WISH_TEXTS.thoughtRateLimited },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

/** The body of every error answer on /api and of every failed live-channel acknowledgement. */
export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
