/** Texts of the account lifecycle (signed-in devices, deletion, export). */
export const ACCOUNT_TEXTS = {
  sessionNotFound: /*i18n*/ 'That device is not signed in to your account',
  reauthenticationRequired:
    /*i18n*/ 'Confirm with your password (or a fresh Farcaster sign-in) first',
  reauthenticationFailed:
    /*i18n*/ 'That did not confirm it is you. Check your password and try again.',
  partnerDeletedAccountTitle: /*i18n*/ 'Your partner left',
  partnerDeletedAccount: /*i18n*/ '{name} deleted their account',
  accountDeleted: /*i18n*/ 'Your account has been deleted',
  deleteFailed: /*i18n*/ 'Failed to delete your account',
  sessionsFailed: /*i18n*/ 'Failed to load your devices',
  signOutDeviceFailed: /*i18n*/ 'Failed to sign that device out',
  exportFailed: /*i18n*/ 'Failed to export your data',
} as const;
