import { Monitor, Moon, Sun } from 'lucide-react';
import { APP_TEXTS } from '@couple/protocol/browser';
import { useI18n } from '../../lib/i18n.js';
import { THEME_CHOICES, setThemeChoice, useTheme, type ThemeChoice } from '../../lib/theme.js';

const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;
/** APP_TEXTS.themeLabels, marked here for extraction (the protocol's are not). */
const LABELS: Record<ThemeChoice, string> = {
  system: /*i18n*/ 'System',
  light: /*i18n*/ 'Light',
  dark: /*i18n*/ 'Dark',
};

/** System / Light / Dark, remembered on this device. */
export function ThemeSetting() {
  const i18n = useI18n();
  const { choice } = useTheme();
  return (
    <fieldset className="grid grid-cols-3 gap-2">
      <legend className="sr-only">{i18n._(APP_TEXTS.themeTitle)}</legend>
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
            {i18n._(LABELS[option])}
          </label>
        );
      })}
    </fieldset>
  );
}
