/** Texts of the account lifecycle (signed-in devices, deletion, export). */
export const ACCOUNT_TEXTS = {
  sessionNotFound: 'That device is not signed in to your account',
  reauthenticationRequired: 'Confirm with your password (or a fresh Farcaster sign-in) first',
  reauthenticationFailed: 'That did not confirm it is you. Check your password and try again.',
  partnerDeletedAccountTitle: 'Your partner left',
  partnerDeletedAccount: (name: string) => `${name} deleted their account`,
  accountDeleted: 'Your account has been deleted',
  deleteFailed: 'Failed to delete your account',
  sessionsFailed: 'Failed to load your devices',
  signOutDeviceFailed: 'Failed to sign that device out',
  exportFailed: 'Failed to export your data',
} as const;
