import { MSG } from '@flaneur/schema';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

interface PasswordFieldsProps {
  password: UseFormRegisterReturn;
  passwordError?: FieldError;
  confirmation: UseFormRegisterReturn;
  confirmationError?: FieldError;
  /** The confirmation's label (the form says whether it is the new password). */
  confirmationLabel: string;
}

/** A new password (with the rule as hint) and its confirmation, both `new-password` for password managers. */
export function PasswordFields({
  password,
  passwordError,
  confirmation,
  confirmationError,
  confirmationLabel,
}: PasswordFieldsProps) {
  return (
    <>
      <FormField
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        hint={MSG.passwordHint}
        required
        registration={password}
        error={passwordError}
      />
      <FormField
        label={confirmationLabel}
        type="password"
        autoComplete="new-password"
        required
        registration={confirmation}
        error={confirmationError}
      />
    </>
  );
}
