import { PAIRING_CODE_LENGTH, PAIRING_CODE_LIFETIME_MINUTES } from '@couple/protocol/browser';
import { STORAGE_KEYS } from '../../lib/constants.js';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage.js';
import { ROUTES } from '../../lib/routes.js';

const LIFETIME_MS = PAIRING_CODE_LIFETIME_MINUTES * 60_000;
const CODE = new RegExp(`^[A-Z0-9]{4}-?[A-Z0-9]{${PAIRING_CODE_LENGTH - 4}}$`);

/** The link a partner opens to land on the enter-code screen with the code filled in. */
export function pairingLink(origin: string, code: string): string {
  return `${origin}${ROUTES.partner}?code=${encodeURIComponent(code)}`;
}

/** The code of a pairing link (XXXX-XXXX), or null for any other address. */
export function codeFromLink(pathname: string, search: string): string | null {
  if (pathname !== ROUTES.partner) return null;
  const raw = new URLSearchParams(search).get('code')?.trim().toUpperCase() ?? '';
  if (!CODE.test(raw)) return null;
  const bare = raw.replace('-', '');
  return `${bare.slice(0, 4)}-${bare.slice(4)}`;
}

interface Stored {
  code: string;
  at: number;
}

/**
 * Kept across sign-up, e-mail confirmation (maybe another tab) and onboarding, which the
 * routing rules put between a signed-out person and the pairing screen; as long as a code lives.
 */
export function rememberPairingLink(pathname: string, search: string, now = Date.now()): void {
  const code = codeFromLink(pathname, search);
  if (code) writeStorage(STORAGE_KEYS.pendingPairingCode, JSON.stringify({ code, at: now }));
}

export function pendingPairingCode(now = Date.now()): string | null {
  const raw = readStorage(STORAGE_KEYS.pendingPairingCode);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (typeof stored.code === 'string' && typeof stored.at === 'number') {
      if (now - stored.at < LIFETIME_MS) return stored.code;
    }
  } catch {
    // Unreadable: forgotten below.
  }
  forgetPairingCode();
  return null;
}

export function forgetPairingCode(): void {
  removeStorage(STORAGE_KEYS.pendingPairingCode);
}
