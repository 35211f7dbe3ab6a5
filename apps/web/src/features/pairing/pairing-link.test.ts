import { beforeEach, describe, expect, it } from 'vitest';
import {
  codeFromLink,
  forgetPairingCode,
  pairingLink,
  pendingPairingCode,
  rememberPairingLink,
} from './pairing-link.js';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('pairing link', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', {
      value: new MemoryStorage(),
      configurable: true,
    });
  });

  it('builds a link to the pairing screen that reads back as the same code', () => {
    const link = new URL(pairingLink('https://app.example', 'ABCD-2345'));
    expect(link.pathname).toBe('/auth/partner');
    expect(codeFromLink(link.pathname, link.search)).toBe('ABCD-2345');
  });

  it('accepts a lower-case code without its dash, and nothing on other screens', () => {
    expect(codeFromLink('/auth/partner', '?code=abcd2345')).toBe('ABCD-2345');
    expect(codeFromLink('/auth/partner', '?code=nope')).toBeNull();
    expect(codeFromLink('/auth/welcome', '?code=ABCD-2345')).toBeNull();
  });

  it('keeps the code for a signed-out person until the code would have expired', () => {
    rememberPairingLink('/auth/partner', '?code=ABCD-2345', 1_000);
    expect(pendingPairingCode(1_000 + 60_000)).toBe('ABCD-2345');
    expect(pendingPairingCode(1_000 + 16 * 60_000)).toBeNull();
  });

  it('forgets the code once used', () => {
    rememberPairingLink('/auth/partner', '?code=ABCD-2345', 1_000);
    forgetPairingCode();
    expect(pendingPairingCode(2_000)).toBeNull();
  });
});
