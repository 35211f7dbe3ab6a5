import { useEffect, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './constants.js';
import { readStorage, removeStorage, writeStorage } from './storage.js';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The browser bar colour of each theme (the brand colour, and the dark page colour). */
const BAR_COLOURS: Record<Theme, string> = { light: '#be123c', dark: '#1a1015' };

export function parseThemeChoice(stored: string | null): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** An explicit choice wins; "system" follows prefers-color-scheme. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener('change', notify);
  window.addEventListener('storage', notify);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', notify);
    window.removeEventListener('storage', notify);
  };
}

function snapshot(): string {
  const choice = parseThemeChoice(readStorage(STORAGE_KEYS.theme));
  return `${choice}:${resolveTheme(choice, window.matchMedia(DARK_QUERY).matches)}`;
}

/** Stores the choice ("system" is the default, so it is stored as nothing). */
export function setThemeChoice(choice: ThemeChoice): void {
  if (choice === 'system') removeStorage(STORAGE_KEYS.theme);
  else writeStorage(STORAGE_KEYS.theme, choice);
  notify();
}

function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', BAR_COLOURS[theme]);
}

/** The current choice and theme; keeps <html class="dark"> in step (public/theme-init.js sets it first). */
export function useTheme(): { choice: ThemeChoice; theme: Theme } {
  const [choice, theme] = useSyncExternalStore(subscribe, snapshot).split(':') as [
    ThemeChoice,
    Theme,
  ];
  useEffect(() => applyTheme(theme), [theme]);
  return { choice, theme };
}
