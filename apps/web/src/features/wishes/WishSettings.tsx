import { useId } from 'react';
import { WISH_TIERS } from '@couple/protocol/browser';
import { useI18n } from '../../lib/i18n.js';
import { useWishPreferences } from './preferences.js';
import { Switch } from './Switch.js';

function SettingRow({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p id={`${id}-label`} className="font-medium text-slate-900">
          {label}
        </p>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
      <Switch
        checked={checked}
        onChange={onChange}
        labelId={`${id}-label`}
        descriptionId={`${id}-description`}
      />
    </div>
  );
}

/**
 * Settings › Wishes: which tiers this person sees (the spiciest starts hidden) and whether a
 * maybe of theirs counts as a yes when matching. Both are this person's only, on this device.
 */
export function WishSettings() {
  const i18n = useI18n();
  const preferences = useWishPreferences();
  return (
    <div className="flex flex-col gap-4">
      <SettingRow
        label={i18n._('Count my maybe as a yes when matching')}
        description={i18n._(
          'A wish you said maybe to becomes a match if your partner said yes. They never learn it was a maybe.',
        )}
        checked={preferences.maybeCountsAsYes}
        onChange={preferences.setMaybeCountsAsYes}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-medium text-slate-900">{i18n._('Show these wishes')}</legend>
        {WISH_TIERS.map((tier) => (
          <SettingRow
            key={tier.id}
            label={i18n._(tier.name)}
            description={i18n._(tier.description)}
            checked={!preferences.hiddenTiers.includes(tier.id)}
            onChange={(shown) => preferences.setTierHidden(tier.id, !shown)}
          />
        ))}
      </fieldset>
    </div>
  );
}
