/** A toast that survives the full-page reload after e-mail sign-in (SPEC §4). */
const FLASH_KEY = 'couple-desires.flash';

export function setFlash(message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // Without session storage the toast is simply skipped.
  }
}

export function takeFlash(): string | null {
  try {
    const message = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return message;
  } catch {
    return null;
  }
}
