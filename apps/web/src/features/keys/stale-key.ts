const STALE_KEY_CODES: readonly unknown[] = ['partner_key_changed', 'encryption_upgrade_required'];

/**
 * The server refused a note for keys this device holds out of date (an ApiError or LiveAckError
 * with one of these codes): reload them and seal the note again. Kept apart from the sealing
 * itself so the service worker can recognise the refusal without the crypto.
 */
export function isStaleKeyError(error: unknown): boolean {
  return error instanceof Error && STALE_KEY_CODES.includes((error as { code?: unknown }).code);
}
