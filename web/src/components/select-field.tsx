import type { SelectHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FieldShell } from './field-shell';

/** One choice of a select. */
export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  options: readonly SelectOption[];
  error?: FieldError;
  hint?: string;
}

/** A labelled select with its hint and validation message. */
export function SelectField({ label, registration, options, error, hint, required, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} required={required} error={error} hint={hint}>
      {(control) => (
        <select {...control} {...select} {...registration}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
