import { useId } from 'react';
import { SCORE_MAX, SCORE_MIN } from '@couple/protocol/browser';
import { useI18n } from '../../lib/i18n.js';

interface Props {
  label: string;
  value: number;
  onChange: (value: number) => void;
  low: string;
  high: string;
}

/**
 * A native range input: under `dir="rtl"` the browser flips it (its minimum on the right), and
 * the low/high labels follow because their row is a flex row laid out from the start edge.
 */
export function ScoreSlider({ label, value, onChange, low, high }: Props) {
  const id = useId();
  const i18n = useI18n();
  const number = new Intl.NumberFormat(i18n.locale);
  const values = { value: number.format(value), max: number.format(SCORE_MAX) };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-base font-semibold text-slate-900">
          {label}
        </label>
        <output htmlFor={id} className="text-2xl font-bold text-brand-700 tabular-nums">
          {i18n._('{value}/{max}', values)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={SCORE_MIN}
        max={SCORE_MAX}
        step={1}
        value={value}
        aria-valuetext={i18n._('{value} out of {max}', values)}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div
        data-testid="score-ends"
        className="flex justify-between text-xs text-slate-600"
        aria-hidden="true"
      >
        <span className="text-start">{low}</span>
        <span className="text-end">{high}</span>
      </div>
    </div>
  );
}
