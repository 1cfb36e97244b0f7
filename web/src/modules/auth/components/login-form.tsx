import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { FormField } from '../../../components/form-field';
import { useLoginMutation } from '../hooks/use-login-mutation';
import { SubmitButton } from '../../../components/submit-button';

const resolver = lazyResolver(() => import('../lib/auth-resolvers').then((m) => m.loginResolver));

interface LoginFormProps {
  onForgotPassword: () => void;
}

/** Username or e-mail + password (identifier ≥ 3, password ≥ 6 characters, via ZLogin); a failed attempt clears the password. */
export function LoginForm({ onForgotPassword }: LoginFormProps) {
  const { login } = useLoginMutation();
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (await login(values)) return;
    resetField('password');
    setFocus('password');
  });

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit}>
      <FormField
        label="Nom d'utilisateur ou e-mail"
        placeholder="Nom d'utilisateur ou e-mail"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        registration={register('username')}
        error={errors.username}
      />
      <FormField
        label="Mot de passe"
        type="password"
        autoComplete="current-password"
        required
        registration={register('password')}
        error={errors.password}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Connexion...">
        Se connecter
      </SubmitButton>
      <button type="button" className="button button--link" onClick={onForgotPassword}>
        Mot de passe oublié ?
      </button>
    </form>
  );
}
