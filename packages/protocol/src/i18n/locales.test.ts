import { describe, expect, it } from 'vitest';
import { matchLocale, parseAcceptLanguage, textDirection } from './locales.js';

describe('matchLocale', () => {
  it('takes an exact tag, whatever its case', () => {
    expect(matchLocale(['pt-br'])).toBe('pt-BR');
    expect(matchLocale(['de'])).toBe('de');
  });

  it('takes the same language from another region', () => {
    expect(matchLocale(['es-MX'])).toBe('es');
    expect(matchLocale(['pt-PT'])).toBe('pt-BR');
    expect(matchLocale(['fr_CA'])).toBe('fr');
    expect(matchLocale(['ar-EG'])).toBe('ar');
  });

  it('goes down the list of preferences in order', () => {
    expect(matchLocale(['ja', 'nl', 'fr-BE', 'de'])).toBe('fr');
  });

  it('falls back to English', () => {
    expect(matchLocale(['ja-JP', 'zh'])).toBe('en');
    expect(matchLocale([])).toBe('en');
    expect(matchLocale([''])).toBe('en');
  });
});

describe('parseAcceptLanguage', () => {
  it('orders tags by weight, keeping the header order for equal weights', () => {
    expect(parseAcceptLanguage('de;q=0.5, fr-CH, fr;q=0.9, en;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'de',
      'en',
    ]);
  });

  it('drops the wildcard, refused tags and an absent header', () => {
    expect(parseAcceptLanguage('*, es;q=0, ar')).toEqual(['ar']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });
});

describe('textDirection', () => {
  it('is right to left for Arabic only', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('fr')).toBe('ltr');
  });
});
