import { useId } from 'react';
import { SCORE_MAX, SCORE_MIN } from '@couple/protocol/browser';

interface Props {
  label: string;
  value: number;
  onChange: (value: number) => void;
  low: string;
  high: string;
}

export function ScoreSlider({ label, value, onChange, low, high }: Props) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-base font-semibold text-slate-900">
          {label}
        </label>
        <output htmlFor={id} className="text-2xl font-bold text-brand-700 tabular-nums">
          {value}/{SCORE_MAX}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={SCORE_MIN}
        max={SCORE_MAX}
        step={1}
        value={value}
        aria-valuetext={`${value} out of ${SCORE_MAX}`}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>{low}</span>
        <span>{high}</span>
      </div>
    </div>
  );
}
