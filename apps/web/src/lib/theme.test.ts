import { describe, expect, it } from 'vitest';
import { parseThemeChoice, resolveTheme } from './theme.js';

describe('theme choice', () => {
  it('follows the system unless light or dark was chosen', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('reads anything unknown or missing as system', () => {
    expect(parseThemeChoice(null)).toBe('system');
    expect(parseThemeChoice('sepia')).toBe('system');
    expect(parseThemeChoice('dark')).toBe('dark');
  });
});
