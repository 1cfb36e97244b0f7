import type { TSearchFilters } from '@flaneur/schema';
import {
  boundRange,
  sliderValue,
  withBound,
  withBoundWhileTyping,
  withSliderBound,
  type BoundKey,
} from '../lib/criteria-form';
import { BoundInput, RangeField } from './range-field';

interface BoundRangeFieldProps {
  bound: BoundKey;
  /** The slider's label (« Minimum », « Surface minimum »). */
  label: string;
  /** The typed input's accessible name, with its unit (« Budget minimum (€) »). */
  inputLabel: string;
  form: TSearchFilters;
  /** A set bound as shown next to the label. */
  format: (value: number) => string;
  onChange: (update: (current: TSearchFilters) => TSearchFilters) => void;
}

/**
 * One price or size bound: its slider (at the range end, or empty typed, it means « no limit ») and the
 * number input beside it, both moving the other bound when they would cross it.
 */
export function BoundRangeField({ bound, label, inputLabel, form, format, onChange }: BoundRangeFieldProps) {
  const range = boundRange(form, bound);
  const value = form[bound];
  const noLimit = bound.endsWith('Min') ? 'Sans minimum' : 'Sans maximum';
  return (
    <RangeField
      label={label}
      {...range}
      value={sliderValue(form, bound)}
      display={value === null ? noLimit : format(value)}
      onChange={(next) => onChange((current) => withSliderBound(current, bound, next))}
    >
      <BoundInput
        label={inputLabel}
        {...range}
        value={value}
        placeholder={noLimit}
        onChange={(next, settled) =>
          onChange((current) => (settled ? withBound : withBoundWhileTyping)(current, bound, next))
        }
      />
    </RangeField>
  );
}
