/** User-facing texts of SPEC §8, verbatim. Both sides import them from here. */
export const TEXTS = {
  signUpFailed: /*i18n*/ 'Failed to create account. Please try again.',
  signUpFailedToast: /*i18n*/ 'Failed to create account',
  confirmEmail: /*i18n*/ 'Please check your email to confirm your account',
  signInFailed: /*i18n*/ 'Failed to sign in. Please check your credentials.',
  authenticationFailed: /*i18n*/ 'Authentication failed',
  noAccessToken: /*i18n*/ 'No access token available',
  authSessionMissing: /*i18n*/ 'Auth session missing!',

  usernameTooShort: /*i18n*/ 'Username must be at least 3 characters',
  usernameTaken: /*i18n*/ 'Username already taken',
  usernameUpdateFailed: /*i18n*/ 'Failed to update username',

  generateCodeFailed: /*i18n*/ 'Failed to generate code',
  connectFailed: /*i18n*/ 'Failed to connect',
  noPartnerConnection: /*i18n*/ 'No partner connection found',
  disconnectFailed: /*i18n*/ 'Failed to disconnect from partner',

  signInToSend: /*i18n*/ 'Please sign in to send a desire',
  partnerLoading: /*i18n*/ 'Loading partner connection, please try again...',
  noConnectedPartner: /*i18n*/ 'No connected partner found. Please connect with a partner first.',
  sendFailed: /*i18n*/ 'Failed to send desire',
  socketNotConnected: /*i18n*/ 'WebSocket not connected',
  encryptFailed: /*i18n*/ 'Failed to encrypt message',
  decryptFailed: /*i18n*/ 'Failed to decrypt message',
  unableToDecrypt: /*i18n*/ '🔒 [Unable to decrypt]',
  unsupportedEncryptionVersion: /*i18n*/ 'Unsupported encryption version: {version}',

  notificationPermissionDenied: /*i18n*/ 'Notification permission denied',
  notificationTokensFailed: /*i18n*/ 'Failed to get notification tokens',
  noNotificationTokens: /*i18n*/ 'No notification tokens found',
  noNotificationsSent: /*i18n*/ 'Failed to send any notifications',
  webhookFailed: /*i18n*/ 'Webhook failed: {status}',

  requestFailed: /*i18n*/ 'Request failed',
  requestFailedWithStatus: /*i18n*/ 'Request failed with status {status}',

  accountCreated: /*i18n*/ 'Account created successfully!',
  signedIn: /*i18n*/ 'Signed in successfully!',
  usernameSet: /*i18n*/ 'Username set successfully',
  codeGenerated: /*i18n*/ 'Pairing code generated!',
  codeCopied: /*i18n*/ 'Code copied to clipboard!',
  connected: /*i18n*/ 'Connected successfully!',
  partnerConnected: /*i18n*/ 'Partner connected successfully!',
  desireSent: /*i18n*/ 'Your desire has been sent',
  newDesireToast: /*i18n*/ 'You have a new desire!',
  notificationsEnabled: /*i18n*/ 'Notifications enabled',
  notificationsDisabled: /*i18n*/ 'Notifications disabled',
  signedOut: /*i18n*/ 'Signed out successfully',

  pushNewDesireTitle: /*i18n*/ 'New Desire from {name}',
  pushPartnerConnectedTitle: /*i18n*/ 'Partner Connected!',
} as const;

/** Server-side texts where the spec gives none; decided in docs/api.md. */
export const SERVER_TEXTS = {
  invalidCredentials: /*i18n*/ 'Invalid email or password',
  emailTaken: /*i18n*/ 'An account with this email already exists',
  emailNotConfirmed: /*i18n*/ 'Email not confirmed',
  invalidConfirmation: /*i18n*/ 'Invalid or expired confirmation link',
  passwordTooShort: /*i18n*/ 'Password must be at least 6 characters',
  invalidRefreshToken: /*i18n*/ 'Invalid refresh token',
  unauthorized: /*i18n*/ 'Unauthorized',
  usernameTooLong: /*i18n*/ 'Username must be at most 20 characters',
  usernameCharacters: /*i18n*/ 'Username may only contain lowercase letters, digits, _ and .',
  usernameReserved: /*i18n*/ "Username must not start with 'user_'",
  onlyToPartner: /*i18n*/ 'You can only send desires to your partner',
  messageNotFound: /*i18n*/ 'Message not found',
  messageIdTaken: /*i18n*/ 'A message with this id already exists',
  invalidPairingCode: /*i18n*/ 'Invalid pairing code',
  pairingCodeExpired: /*i18n*/ 'This pairing code has expired',
  pairingCodeUsed: /*i18n*/ 'This pairing code has already been used',
  ownPairingCode: /*i18n*/ 'You cannot use your own pairing code',
  alreadyPaired: /*i18n*/ 'You are already connected to a partner',
  codeOwnerPaired: /*i18n*/ 'The owner of this code is already connected to a partner',
  disconnected: /*i18n*/ 'Disconnected from partner',
  notFound: /*i18n*/ 'Not found',
  tooManyRequests: /*i18n*/ 'Too many requests, please try again later',
  invalidBody: /*i18n*/ 'Invalid request body',
  bodyTooLarge: /*i18n*/ 'Request body is too large',
  serviceUnavailable: /*i18n*/ 'Service temporarily unavailable',
  serverBusy: /*i18n*/ 'The server is busy: try again in a moment',
  databaseUnreachable: /*i18n*/ 'Database unreachable',
  migrationsPending: /*i18n*/ 'Database migrations are not applied yet',
  shuttingDown: /*i18n*/ 'The server is shutting down',
  profileNotFound: /*i18n*/ 'Profile not found',
  concurrentConflict: /*i18n*/ 'Conflicting concurrent request, please try again',
  internal: /*i18n*/ 'Internal server error',
  badJson: /*i18n*/ 'Body is not valid JSON',
  unsupportedMediaType: /*i18n*/ 'Unsupported content type: send application/json',
  unknownField: (fields: readonly string[]) =>
    `Unknown field${fields.length > 1 ? 's' : ''}: ${fields.join(', ')}`,
  controlCharacters: (field: string) => `${field} must not contain control characters`,
  tooDeep: (depth: number) => `JSON is nested more than ${depth} levels deep`,
  invalidPlatform: /*i18n*/ 'Invalid platform',
  invalidNotificationToken: /*i18n*/ 'Invalid token',
  invalidNotificationUrl: /*i18n*/ 'Invalid notification url',
  notificationTokenTaken: /*i18n*/ 'Token already registered',
  pushWebhookNotConfigured: /*i18n*/ 'Push webhook is not configured',
  webhookSecretInvalid: /*i18n*/ 'Invalid webhook secret',
  webhookTokenInvalid: /*i18n*/ 'Invalid or expired token',
  pushSubscriptionMissing: /*i18n*/ 'No push subscription found',
  pushSubscriptionGone: /*i18n*/ 'Push subscription has expired and was removed',
  pushServiceUnreachable: /*i18n*/ 'Push service unreachable',
  pushServiceFailed: /*i18n*/ 'Push service failed with status {status}',
  manifestNotConfigured: /*i18n*/ 'Farcaster manifest is not configured',
  invalidWebhookEvent: /*i18n*/ 'Invalid webhook event',
  invalidSignature: /*i18n*/ 'Invalid signature',
  invalidAppKey: /*i18n*/ 'App key not valid for FID',
  appKeyUnavailable: /*i18n*/ 'App key verification is unavailable, please retry later',
  debugFunctionNameRequired: /*i18n*/ 'p_function_name is required',
  desireRateLimited:
    /*i18n*/ 'You are sending desires very fast. Please wait a moment and try again.',
  signInSlowed:
    /*i18n*/ 'Too many failed sign-ins for this account. Please wait a little and try again.',
  encryptionUpgradeRequired:
    /*i18n*/ 'You and your partner both have end-to-end keys: notes must be end-to-end encrypted',
  partnerKeyChanged: /*i18n*/ 'The encryption keys changed: reload them and encrypt the note again',
  keyIdMismatch: /*i18n*/ 'key_id does not match the public key',
  rotationSignatureInvalid:
    /*i18n*/ 'rotation_signature is not a signature of this key by your current key',
  predecessorSignatureInvalid:
    /*i18n*/ 'predecessor_signature must come with rotation_signature and be this key’s signature of your current key’s id',
  noIdentityKey: /*i18n*/ 'No identity key has been published',
  linkRequestNotFound: /*i18n*/ 'Device link request not found',
  linkRequestExpired: /*i18n*/ 'This device link request has expired',
  linkRequestApproved: /*i18n*/ 'This device link request has already been approved',
  linkStepOutOfOrder: /*i18n*/ 'This device link step is out of order or was already taken',
  linkCommitmentMismatch:
    /*i18n*/ 'The revealed key and nonce do not match the request’s commitment',
  invalidResetToken: /*i18n*/ 'Invalid or expired password reset link',
  resetEmailsLimited:
    /*i18n*/ 'Too many reset emails for this address. Please wait a little and try again.',
  currentPasswordInvalid: /*i18n*/ 'Current password is incorrect',
  noPassword: /*i18n*/ 'This account signs in with Farcaster and has no password',
  emailUnchanged: /*i18n*/ 'This is already your email',
  invalidEmailChange: /*i18n*/ 'Invalid or expired email change link',
} as const;

/** Texts of recovering and changing the credentials (issue 16), in the spec's wording style. */
export const CREDENTIAL_TEXTS = {
  forgotPassword: /*i18n*/ 'Forgot password?',
  resetLinkSent:
    /*i18n*/ 'If an account uses this email, a link to choose a new password is on its way. It works once, within an hour.',
  sendResetLinkFailed: /*i18n*/ 'Failed to send reset link',
  passwordReset: /*i18n*/ 'Password changed successfully!',
  resetPasswordFailed: /*i18n*/ 'Failed to reset password',
  resetLinkMissing: /*i18n*/ 'This reset link is incomplete. Please request a new one.',
  passwordsDiffer: /*i18n*/ 'Passwords do not match',
  passwordChanged: /*i18n*/ 'Password changed successfully',
  changePasswordFailed: /*i18n*/ 'Failed to change password',
  emailChangeSent:
    /*i18n*/ 'We sent a confirmation link to {email}. Your email changes once you open it.',
  changeEmailFailed: /*i18n*/ 'Failed to change email',
  emailChanged: /*i18n*/ 'Email changed successfully',
  emailChangeLinkInvalid: /*i18n*/ 'This email change link is invalid or has expired',
  usernameChanged: /*i18n*/ 'Username changed successfully',
  farcasterAccount:
    /*i18n*/ 'You sign in with Farcaster, so this account has no email address or password to change.',
} as const;

/** The e-mails: confirming the address, recovering and changing the credentials. */
export const MAIL_TEXTS = {
  confirmationSubject: /*i18n*/ 'Confirm your account',
  confirmationBody: /*i18n*/ 'Confirm your e-mail address to start sharing desires:\n\n{link}\n',
  resetSubject: /*i18n*/ 'Choose a new password',
  resetBody:
    /*i18n*/ 'Someone asked to reset the password of your Desires account. To choose a new password, open this link within {minutes} minutes; it works once:\n\n{link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n',
  emailChangeSubject: /*i18n*/ 'Confirm your new e-mail address',
  emailChangeBody:
    /*i18n*/ 'To make this the e-mail address of your Desires account, open this link within {hours} hours:\n\n{link}\n',
  emailChangeNoticeSubject: /*i18n*/ 'Your e-mail address is being changed',
  emailChangeNoticeBody:
    /*i18n*/ 'Someone signed in to your Desires account asked to change its e-mail address to {newEmail}. It changes when the link sent there is opened.\n\nIf it was not you, reset your password now: that ends every session and cancels the change.\n',
} as const;
