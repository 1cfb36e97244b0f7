import { zodResolver } from '@hookform/resolvers/zod';
import { ZChangePasswordForm } from '@flaneur/schema';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { PasswordFields } from '../../../components/password-fields';
import { useChangePasswordMutation } from '../hooks/use-change-password-mutation';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Paramètres: current password, new password (the reset's rule) and its confirmation. */
export function ChangePasswordForm() {
  const { changePassword } = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZChangePasswordForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    const result = await changePassword(currentPassword, newPassword);
    if (result.ok) return reset(EMPTY);
    for (const name of ['currentPassword', 'newPassword'] as const)
      if (result.fields[name]) setError(name, { message: result.fields[name] });
  });

  return (
    <section className="card profile-settings__card" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="card__title">
        Mot de passe
      </h2>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormField
          label="Mot de passe actuel"
          type="password"
          autoComplete="current-password"
          required
          registration={register('currentPassword')}
          error={errors.currentPassword}
        />
        <PasswordFields
          password={register('newPassword')}
          passwordError={errors.newPassword}
          confirmation={register('confirmPassword')}
          confirmationError={errors.confirmPassword}
          confirmationLabel="Confirmer le nouveau mot de passe"
        />
        <p className="page__note">Vos autres appareils seront déconnectés ; celui-ci reste connecté.</p>
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Modification...' : 'Changer le mot de passe'}
        </button>
      </form>
    </section>
  );
}
