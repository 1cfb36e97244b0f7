import { useId } from 'react';

interface RangeFieldProps {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  onChange: (value: number) => void;
  /** The value as shown next to the label (and announced). */
  display: string;
}

/** A labelled slider with its current value. */
export function RangeField({ label, min, max, step, value, onChange, display }: RangeFieldProps) {
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
    </div>
  );
}
