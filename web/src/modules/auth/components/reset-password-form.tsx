import { useQuery } from '@apollo/client/react';
import { LIMITS, MSG } from '@flaneur/schema';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { PasswordFields } from '../../../components/password-fields';
import { PasswordResetTokenValidDocument } from '../../../gql/graphql';
import { useResetPasswordMutation } from '../hooks/use-reset-password-mutation';
import { SubmitButton } from '../../../components/submit-button';

const resolver = lazyResolver(() => import('../lib/auth-resolvers').then((m) => m.resetPasswordResolver));

interface ResetPasswordFormProps {
  token: string;
  /** Back to the login view (also called 2 s after a successful reset). */
  onDone: () => void;
}

/** New password + confirmation (≥ 8 characters, must match, via ZResetPasswordForm) for the link's token. */
export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const { resetPassword } = useResetPasswordMutation();
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  // A used or expired link says so at once instead of offering a form it would refuse.
  const { data: check } = useQuery(PasswordResetTokenValidDocument, {
    variables: { token },
    fetchPolicy: 'network-only',
  });
  const expired = check?.passwordResetTokenValid === false && doneMessage === null;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { password: '', confirmPassword: '' } });

  useEffect(() => {
    if (doneMessage === null) return;
    const timer = setTimeout(onDone, LIMITS.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [doneMessage, onDone]);

  const onSubmit = handleSubmit(async ({ password }) => {
    setDoneMessage(await resetPassword(token, password));
  });

  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h2 id="reset-title">Réinitialisation du mot de passe</h2>
      {doneMessage ? (
        <div className="notice notice--success" role="status">
          <p>{doneMessage}</p>
          <p className="notice__hint">Retour à la connexion…</p>
        </div>
      ) : expired ? (
        <div className="notice notice--error" role="alert">
          <p>{MSG.resetLinkExpired}</p>
        </div>
      ) : (
        <form className="form" method="post" noValidate onSubmit={onSubmit}>
          <PasswordFields
            password={register('password')}
            passwordError={errors.password}
            confirmation={register('confirmPassword')}
            confirmationError={errors.confirmPassword}
            confirmationLabel="Confirmer le mot de passe"
          />
          <SubmitButton busy={isSubmitting} busyLabel="Réinitialisation...">
            Réinitialiser le mot de passe
          </SubmitButton>
        </form>
      )}
      {!doneMessage && (
        <button type="button" className="button button--link" onClick={onDone}>
          Retour à la connexion
        </button>
      )}
    </section>
  );
}
