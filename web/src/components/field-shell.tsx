import { useId, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

/** The attributes a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

interface FieldShellProps {
  label: string;
  required?: boolean;
  error?: FieldError;
  /** Shown under the label, linked to the control. */
  hint?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, hint and validation message around one control, bound through aria-describedby. */
export function FieldShell({ label, required, error, hint, children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error?.message ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      {/* The star is drawn by CSS (hidden from assistive tech); aria-required says it instead. */}
      <label className="field__label" htmlFor={id} data-required={required || undefined}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children({
        id,
        className: 'field__input',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {error?.message && (
        <p id={errorId} className="field__error">
          {error.message}
        </p>
      )}
    </div>
  );
}
