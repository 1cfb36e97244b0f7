import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCESS_TOKEN_LIMITS,
  ACCESS_TOKEN_SCOPE_LABELS,
  ACCESS_TOKEN_SCOPES,
  type TCreateAccessToken,
  type TCreateAccessTokenInput,
  ZCreateAccessToken,
} from '@flaneur/schema';
import { useId } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { useCreateAccessTokenMutation } from '../hooks/use-access-token-mutations';

const EMPTY: TCreateAccessTokenInput = {
  name: '',
  scopes: [],
  expiresInDays: ACCESS_TOKEN_LIMITS.expiresInDays.default,
  currentPassword: '',
};

/**
 * « Nouveau jeton »: a name, the scopes (checkboxes with their French labels), the days of validity and the current
 * password (asked again: a session left open cannot mint a token on its own).
 */
export function CreateAccessTokenForm({ onCreated }: { onCreated: (token: string) => void }) {
  const { createToken } = useCreateAccessTokenMutation();
  const scopesId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TCreateAccessTokenInput, unknown, TCreateAccessToken>({
    resolver: zodResolver(ZCreateAccessToken),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (input) => {
    const result = await createToken(input);
    if (result.ok) {
      reset(EMPTY);
      return onCreated(result.token);
    }
    for (const name of ['name', 'scopes', 'expiresInDays', 'currentPassword'] as const)
      if (result.fields[name]) setError(name, { message: result.fields[name] });
  });

  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="Nouveau jeton d'accès">
      <FormField
        label="Nom du jeton"
        hint="Par exemple le nom du script ou de l'application qui l'utilisera"
        maxLength={ACCESS_TOKEN_LIMITS.nameMax}
        required
        registration={register('name')}
        error={errors.name}
      />
      <fieldset className="access-tokens__scopes" aria-describedby={scopesError ? `${scopesId}-error` : undefined}>
        <legend>Autorisations</legend>
        {ACCESS_TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="access-tokens__scope">
            <input type="checkbox" value={scope} {...register('scopes')} />
            <span>{ACCESS_TOKEN_SCOPE_LABELS[scope]}</span> <code>{scope}</code>
          </label>
        ))}
        {scopesError && (
          <p id={`${scopesId}-error`} className="field__error" role="alert">
            {scopesError}
          </p>
        )}
      </fieldset>
      <FormField
        label="Validité (jours)"
        type="number"
        inputMode="numeric"
        min={ACCESS_TOKEN_LIMITS.expiresInDays.min}
        max={ACCESS_TOKEN_LIMITS.expiresInDays.max}
        hint="De 1 à 365 jours"
        required
        registration={register('expiresInDays')}
        error={errors.expiresInDays as FieldError | undefined}
      />
      <FormField
        label="Mot de passe actuel"
        type="password"
        autoComplete="current-password"
        hint="Requis pour créer un jeton"
        required
        registration={register('currentPassword')}
        error={errors.currentPassword}
      />
      <p className="page__note">
        Un jeton ne permet jamais de créer d'autres jetons, de changer votre mot de passe ou votre e-mail, de supprimer
        votre compte, ni de lire, joindre ou partager vos documents. Un webhook ne reçoit que les événements que ses
        autorisations permettent de lire. Changer ou réinitialiser votre mot de passe révoque tous vos jetons.
      </p>
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {isSubmitting ? 'Création...' : 'Créer le jeton'}
      </button>
    </form>
  );
}
