import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { FormField } from '../../../components/form-field';
import { useForgotPasswordMutation } from '../hooks/use-forgot-password-mutation';
import { SubmitButton } from '../../../components/submit-button';

const resolver = lazyResolver(() => import('../lib/auth-resolvers').then((m) => m.forgotPasswordResolver));

interface ForgotPasswordFormProps {
  onBack: () => void;
}

/** E-mail for a reset link; on success the form gives way to the server's confirmation. */
export function ForgotPasswordForm({ onBack }: ForgotPasswordFormProps) {
  const { requestReset } = useForgotPasswordMutation();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setSentMessage(await requestReset(email));
  });

  return (
    <section className="auth-card" aria-labelledby="forgot-title">
      <h2 id="forgot-title">Mot de passe oublié</h2>
      {sentMessage ? (
        <div className="notice notice--success" role="status">
          <p className="notice__title">Vérifiez votre boîte de réception</p>
          <p>{sentMessage}</p>
        </div>
      ) : (
        <form className="form" method="post" noValidate onSubmit={onSubmit}>
          <p className="form__intro">Indiquez votre email : nous vous enverrons un lien de réinitialisation.</p>
          <FormField
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            registration={register('email')}
            error={errors.email}
          />
          <SubmitButton busy={isSubmitting} busyLabel="Envoi en cours...">
            Envoyer le lien
          </SubmitButton>
        </form>
      )}
      <button type="button" className="button button--link" onClick={onBack}>
        Retour à la connexion
      </button>
    </section>
  );
}
