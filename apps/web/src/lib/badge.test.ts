import { describe, expect, it } from 'vitest';
import { badgeText, desktopBadge, mobileBadge } from './badge.js';

describe('unread badge', () => {
  it('shows nothing at zero', () => {
    expect(badgeText(0, 9)).toBeNull();
    expect(badgeText(-1, 9)).toBeNull();
  });

  it('caps at 9+ on mobile', () => {
    expect(mobileBadge(1)).toBe('1');
    expect(mobileBadge(9)).toBe('9');
    expect(mobileBadge(10)).toBe('9+');
  });

  it('caps at 99+ on desktop', () => {
    expect(desktopBadge(10)).toBe('10');
    expect(desktopBadge(99)).toBe('99');
    expect(desktopBadge(100)).toBe('99+');
  });
});
