import { MSG } from '@flaneur/schema';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { FormField } from '../../../components/form-field';
import { useRegisterMutation } from '../hooks/use-register-mutation';
import { SubmitButton } from '../../../components/submit-button';

const resolver = lazyResolver(() => import('../lib/auth-resolvers').then((m) => m.registerResolver));

const DEFAULTS = {
  username: '',
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  isLandlord: false,
};

type FieldName = keyof typeof DEFAULTS;

/** Registration (validated by ZRegister): account fields, optional contact details, owner checkbox. */
export function RegisterForm() {
  const { registerUser } = useRegisterMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: DEFAULTS });

  const onSubmit = handleSubmit(async (values) => {
    const result = await registerUser(values);
    if (result.ok) return;
    for (const [name, message] of Object.entries(result.fields)) {
      if (name in DEFAULTS) setError(name as FieldName, { message });
    }
  });

  const text = (name: Exclude<FieldName, 'isLandlord'>, label: string, autoComplete: string, type = 'text') => (
    <FormField
      label={label}
      type={type}
      autoComplete={autoComplete}
      registration={register(name)}
      error={errors[name]}
    />
  );

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit}>
      <FormField
        label="Nom d'utilisateur"
        hint="Lettres sans accent, chiffres, « . », « _ » ou « - » (3 à 30 caractères)"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        registration={register('username')}
        error={errors.username}
      />
      <FormField
        label="E-mail"
        type="email"
        autoComplete="email"
        required
        registration={register('email')}
        error={errors.email}
      />
      <FormField
        label="Mot de passe"
        type="password"
        autoComplete="new-password"
        hint={MSG.passwordHint}
        required
        registration={register('password')}
        error={errors.password}
      />
      <fieldset className="form__group">
        <legend>Coordonnées (facultatif)</legend>
        {text('firstName', 'Prénom', 'given-name')}
        {text('lastName', 'Nom', 'family-name')}
        {text('phone', 'Téléphone', 'tel', 'tel')}
        {text('address', 'Adresse', 'street-address')}
        {text('city', 'Ville', 'address-level2')}
        {text('postalCode', 'Code postal', 'postal-code')}
      </fieldset>
      <div className="checkbox">
        <input
          id="register-is-landlord"
          type="checkbox"
          aria-describedby="register-is-landlord-hint"
          {...register('isLandlord')}
        />
        <label htmlFor="register-is-landlord">Je suis propriétaire et souhaite publier des annonces</label>
        <p id="register-is-landlord-hint" className="field__hint">
          Votre compte s'ouvrira sur « Ajouter un bien » et votre profil portera le badge « Propriétaire ».
        </p>
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Inscription...">
        S'inscrire
      </SubmitButton>
    </form>
  );
}
