import type { InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FieldShell } from './field-shell';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  /** Shown under the label, linked to the input. */
  hint?: string;
}

/**
 * A labelled input with its validation message bound through aria-describedby; a text input unless `type` says
 * otherwise (the type is written out: checkers and autofill read the attribute, not its default).
 */
export function FormField({ label, registration, error, hint, required, type = 'text', ...input }: FormFieldProps) {
  return (
    <FieldShell label={label} required={required} error={error} hint={hint}>
      {(control) => <input {...control} type={type} {...input} {...registration} />}
    </FieldShell>
  );
}
