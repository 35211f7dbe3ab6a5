import { describe, expect, it } from 'vitest';
import { localeSync } from './use-locale-sync.js';

describe('localeSync', () => {
  it('waits for the profile', () => {
    expect(localeSync(undefined, 'fr', 'fr')).toBeNull();
  });

  it("gives an account without a language the device's current one", () => {
    expect(localeSync(null, null, 'de')).toEqual({ save: 'de' });
    expect(localeSync(null, 'ar', 'ar')).toEqual({ save: 'ar' });
  });

  it("switches a device with no choice of its own to the account's", () => {
    expect(localeSync('es', null, 'en')).toEqual({ activate: 'es' });
    expect(localeSync('es', null, 'es')).toBeNull();
  });

  it("saves the device's explicit choice over a different account language", () => {
    expect(localeSync('es', 'fr', 'fr')).toEqual({ save: 'fr' });
    expect(localeSync('fr', 'fr', 'fr')).toBeNull();
  });
});
