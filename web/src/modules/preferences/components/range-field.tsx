import { useId, useState, type ReactNode } from 'react';
import { snapToRange, type SliderRange } from '../lib/criteria-form';

interface RangeFieldProps {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  onChange: (value: number) => void;
  /** The value as shown next to the label (and announced). */
  display: string;
  /** Shown beside the slider (a typed bound, see BoundInput). */
  children?: ReactNode;
}

/** A labelled slider with its current value, and optionally a control beside it. */
export function RangeField({ label, min, max, step, value, onChange, display, children }: RangeFieldProps) {
  const id = useId();
  return (
    <div className="range-field">
      <div className="range-field__head">
        <label htmlFor={id} className="range-field__label">
          {label}
        </label>
        <output htmlFor={id} className="range-field__value">
          {display}
        </output>
      </div>
      <div className="range-field__controls">
        <input
          id={id}
          className="range-field__input"
          type="range"
          min={min}
          max={max}
          step={step}
          value={value}
          aria-valuetext={display}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        {children}
      </div>
    </div>
  );
}

interface BoundInputProps extends SliderRange {
  /** The accessible name, with its unit (« Budget minimum (€) »). */
  label: string;
  /** The bound, or null for "no limit" (the input is then empty). */
  value: number | null;
  placeholder: string;
  /**
   * A typed value: while typing (`settled` false) the raw number, or null when emptied; once the input
   * is left or Enter pressed (`settled` true) the number clamped to the range and snapped to the step.
   */
  onChange: (value: number | null, settled: boolean) => void;
}

/** A number input for a slider's bound, for the steps too small to hit with a finger. */
export function BoundInput({ label, value, placeholder, min, max, step, onChange }: BoundInputProps) {
  // The text being typed; null when not editing, the bound is then shown.
  const [draft, setDraft] = useState<string | null>(null);

  const settle = () => {
    if (draft === null) return;
    const typed = Number(draft);
    onChange(draft.trim() === '' || !Number.isFinite(typed) ? null : snapToRange(typed, { min, max, step }), true);
    setDraft(null);
  };

  return (
    <input
      className="range-field__number"
      type="number"
      inputMode="numeric"
      aria-label={label}
      min={min}
      max={max}
      step={step}
      placeholder={placeholder}
      value={draft ?? (value === null ? '' : String(value))}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        const typed = Number(text);
        if (text.trim() === '') onChange(null, false);
        else if (Number.isFinite(typed)) onChange(typed, false);
      }}
      onBlur={settle}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        // Enter settles the bound rather than saving a form that has not seen it yet.
        event.preventDefault();
        settle();
      }}
    />
  );
}
