import { Monitor, Moon, Sun } from 'lucide-react';
import { APP_TEXTS } from '@couple/protocol/browser';
import { THEME_CHOICES, setThemeChoice, useTheme, type ThemeChoice } from '../../lib/theme.js';

const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

/** System / Light / Dark, remembered on this device. */
export function ThemeSetting() {
  const { choice } = useTheme();
  return (
    <fieldset className="grid grid-cols-3 gap-2">
      <legend className="sr-only">{APP_TEXTS.themeTitle}</legend>
      {THEME_CHOICES.map((option: ThemeChoice) => {
        const Icon = ICONS[option];
        return (
          <label
            key={option}
            className="relative flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-xl text-sm font-semibold text-slate-700 ring-1 ring-brand-200 has-checked:bg-brand-700 has-checked:text-white has-checked:ring-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700"
          >
            <input
              type="radio"
              name="theme"
              value={option}
              checked={choice === option}
              onChange={() => setThemeChoice(option)}
              className="sr-only"
            />
            <Icon className="size-4" aria-hidden="true" />
            {APP_TEXTS.themeLabels[option]}
          </label>
        );
      })}
    </fieldset>
  );
}
