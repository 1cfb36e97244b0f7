import { useId } from 'react';

interface Option<T extends string | number> {
  value: T;
  label: string;
}

interface SingleChoiceProps<T extends string> {
  legend: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
}

/** One choice among a few, as segments (radio buttons). */
export function SegmentedChoice<T extends string>({ legend, options, value, onChange }: SingleChoiceProps<T>) {
  const name = useId();
  return (
    <fieldset className="choice-group">
      <legend className="choice-group__legend">{legend}</legend>
      <div className="segmented">
        {options.map((option) => (
          <label key={option.value} className="segmented__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface MultiChoiceProps<T extends string | number> {
  legend: string;
  options: readonly Option<T>[];
  values: readonly T[];
  onChange: (values: T[]) => void;
}

/** Any number of choices, as chips (checkboxes). */
export function ChipChoice<T extends string | number>({ legend, options, values, onChange }: MultiChoiceProps<T>) {
  const toggle = (value: T) =>
    onChange(values.includes(value) ? values.filter((v) => v !== value) : [...values, value]);
  return (
    <fieldset className="choice-group">
      <legend className="choice-group__legend">{legend}</legend>
      <div className="chips">
        {options.map((option) => (
          <label key={String(option.value)} className="chip">
            <input type="checkbox" checked={values.includes(option.value)} onChange={() => toggle(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
