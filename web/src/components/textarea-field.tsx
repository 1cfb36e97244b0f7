import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> {
  label: string;
  /** A react-hook-form field; without it the field is controlled by `value` and `onChange`. */
  registration?: UseFormRegisterReturn;
  /** The form's error, or a message of the caller's own. */
  error?: FieldError | string | null;
  hint?: string;
  /** Live text under the field (a remaining-characters counter), announced politely. */
  status?: ReactNode;
}

/** A labelled multi-line field with its hint, live status and validation message. */
export function TextareaField({ label, registration, error, hint, status, required, ...textarea }: TextareaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const statusId = status !== undefined ? `${id}-status` : undefined;
  const message = typeof error === 'string' ? error : error?.message;
  const errorId = message ? `${id}-error` : undefined;
  const describedBy = [hintId, statusId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field">
      <label className="field__label" htmlFor={id} data-required={required || undefined}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        className="field__input field__input--multiline"
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        {...textarea}
        {...registration}
      />
      {status !== undefined && (
        <p id={statusId} className="field__hint" aria-live="polite">
          {status}
        </p>
      )}
      {message && (
        <p id={errorId} className="field__error">
          {message}
        </p>
      )}
    </div>
  );
}
