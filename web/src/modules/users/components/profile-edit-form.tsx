import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, MSG, ZProfileUpdate } from '@flaneur/schema';
import { useForm, type FieldError } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { TextareaField } from '../../../components/textarea-field';
import type { SessionUserFragment } from '../../../gql/graphql';
import { useUpdateProfileMutation } from '../hooks/use-update-profile-mutation';
import { formatRemainingCharacters } from '../../../lib/format';

interface ProfileEditFormProps {
  user: SessionUserFragment;
  onDone: () => void;
}

/** The own profile in edit mode (validated by ZProfileUpdate): all optional, email valid, bio ≤ 500; a new email needs the current password. */
export function ProfileEditForm({ user, onDone }: ProfileEditFormProps) {
  const { updateProfile } = useUpdateProfileMutation();
  const defaults = {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    phone: user.phone ?? '',
    age: user.age === null ? '' : String(user.age),
    address: user.address ?? '',
    city: user.city ?? '',
    postalCode: user.postalCode ?? '',
    bio: user.bio ?? '',
    isLandlord: user.isLandlord,
    agencyName: user.agencyName ?? '',
    siren: user.siren ?? '',
    professionalCard: user.professionalCard ?? '',
    currentPassword: '',
  };
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZProfileUpdate), defaultValues: defaults });
  const bioLength = (watch('bio') ?? '').length;
  // A new address needs the current password (the server refuses it otherwise): asked only then.
  const typedEmail = (watch('email') ?? '').trim().toLowerCase();
  const emailChanged = typedEmail !== '' && typedEmail !== user.email.toLowerCase();

  const submit = handleSubmit(async ({ currentPassword, ...values }) => {
    if (emailChanged && !currentPassword) {
      setError('currentPassword', { message: MSG.currentPasswordRequired });
      return;
    }
    const result = await updateProfile(emailChanged ? { ...values, currentPassword } : values);
    if (result.ok) {
      onDone();
      return;
    }
    for (const [name, message] of Object.entries(result.fields)) {
      if (name in defaults) setError(name as keyof typeof defaults, { message });
    }
  });

  const text = (
    name: Exclude<keyof typeof defaults, 'isLandlord' | 'bio' | 'currentPassword'>,
    label: string,
    autoComplete: string,
  ) => (
    <FormField
      label={label}
      autoComplete={autoComplete}
      registration={register(name)}
      error={errors[name] as FieldError | undefined}
    />
  );

  return (
    <form className="form" noValidate onSubmit={(e) => void submit(e)}>
      <div className="profile-form__row">
        {text('firstName', 'Prénom', 'given-name')}
        {text('lastName', 'Nom', 'family-name')}
      </div>
      <FormField
        label="E-mail"
        type="email"
        autoComplete="email"
        // "valid if given": an emptied field keeps the current address.
        registration={register('email', { setValueAs: (v: string) => (v.trim() === '' ? undefined : v) })}
        error={errors.email}
      />
      {emailChanged && (
        <FormField
          label="Mot de passe actuel"
          type="password"
          autoComplete="current-password"
          hint="Requis pour changer d'adresse e-mail : un lien de confirmation sera envoyé à la nouvelle adresse."
          registration={register('currentPassword')}
          error={errors.currentPassword}
        />
      )}
      <div className="profile-form__row">
        <FormField
          label="Téléphone"
          type="tel"
          autoComplete="tel"
          registration={register('phone')}
          error={errors.phone}
        />
        <FormField
          label="Âge"
          type="number"
          inputMode="numeric"
          min={0}
          registration={register('age')}
          error={errors.age as FieldError | undefined}
        />
      </div>
      {text('address', 'Adresse', 'street-address')}
      <div className="profile-form__row">
        {text('city', 'Ville', 'address-level2')}
        {text('postalCode', 'Code postal', 'postal-code')}
      </div>
      <TextareaField
        label="Bio"
        rows={5}
        registration={register('bio')}
        error={errors.bio}
        status={formatRemainingCharacters(bioLength, LIMITS.bioMax)}
      />
      <fieldset className="form__group">
        <legend>Compte professionnel (agence)</legend>
        {text('agencyName', "Nom de l'agence", 'organization')}
        <div className="profile-form__row">
          {text('siren', 'SIREN', 'off')}
          {text('professionalCard', 'Carte professionnelle (carte T)', 'off')}
        </div>
      </fieldset>
      <div className="checkbox">
        <input id="profile-is-landlord" type="checkbox" {...register('isLandlord')} />
        <label htmlFor="profile-is-landlord">Je suis propriétaire et souhaite publier des annonces</label>
      </div>
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={onDone} disabled={isSubmitting}>
          Annuler
        </button>
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Enregistrement...' : 'Enregistrer'}
        </button>
      </div>
    </form>
  );
}
