import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { showAppBadge, type AppBadgeNavigator } from './app-badge.js';
import { badgeText, countSource, desktopBadge, followUnreadBadge, mobileBadge } from './badge.js';

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

function badgingNavigator() {
  return {
    setAppBadge: vi.fn(() => Promise.resolve()),
    clearAppBadge: vi.fn(() => Promise.resolve()),
  } satisfies AppBadgeNavigator;
}

const KEY = ['messages', 'unread-count'] as const;

describe('app icon badge', () => {
  it('sets the count on the icon and clears it at zero', () => {
    const nav = badgingNavigator();
    showAppBadge(4, nav);
    expect(nav.setAppBadge).toHaveBeenCalledWith(4);
    showAppBadge(0, nav);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('does nothing where the Badging API is missing or refuses', async () => {
    expect(() => showAppBadge(2, {})).not.toThrow();
    const refusing = { setAppBadge: vi.fn(() => Promise.reject(new Error('NotAllowedError'))) };
    showAppBadge(2, refusing);
    await Promise.resolve();
    expect(refusing.setAppBadge).toHaveBeenCalledWith(2);
  });

  it('follows the unread count the page knows, then clears it when all are read', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, 2);
    const nav = badgingNavigator();
    const stop = followUnreadBadge(queryClient, [countSource(KEY)], nav);
    expect(nav.setAppBadge).toHaveBeenLastCalledWith(2);

    queryClient.setQueryData(KEY, 3); // a desire arrived over the live channel
    expect(nav.setAppBadge).toHaveBeenLastCalledWith(3);
    queryClient.setQueryData(['messages', 'list'], { pages: [] }); // another query: ignored
    expect(nav.setAppBadge).toHaveBeenCalledTimes(2);

    queryClient.setQueryData(KEY, 0); // "mark all read"
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
    stop();
    queryClient.setQueryData(KEY, 5);
    expect(nav.setAppBadge).toHaveBeenCalledTimes(2);
  });

  it('clears the icon when the count leaves the cache (sign-out)', () => {
    const queryClient = new QueryClient();
    const nav = badgingNavigator();
    followUnreadBadge(queryClient, [countSource(KEY)], nav);
    queryClient.setQueryData(KEY, 1);
    queryClient.clear();
    expect(nav.setAppBadge).toHaveBeenCalledWith(1);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
  });
});
