import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { loginErrorMessage, registerErrorMessage } from './auth-error-messages';

function gqlError(message: string, code?: string) {
  return new CombinedGraphQLErrors({ errors: [{ message, extensions: code ? { code } : undefined }] });
}

describe('auth error messages', () => {
  it('should show the bad-credentials text when login answers UNAUTHENTICATED', () => {
    expect(loginErrorMessage(gqlError('whatever', 'UNAUTHENTICATED'))).toBe('Identifiant ou mot de passe incorrect');
  });

  it('should show the server message, else the fallback, when login fails otherwise', () => {
    expect(loginErrorMessage(gqlError('Trop de tentatives.', 'TOO_MANY_REQUESTS'))).toBe('Trop de tentatives.');
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe('Une erreur est survenue lors de la connexion');
  });

  it('should translate a message containing "exists" when registration fails', () => {
    expect(registerErrorMessage(gqlError('Username already exists'))).toBe("Ce nom d'utilisateur existe déjà");
  });

  it('should keep the server text of a CONFLICT, such as a taken email', () => {
    expect(registerErrorMessage(gqlError('Cet email est déjà utilisé', 'CONFLICT'))).toBe('Cet email est déjà utilisé');
  });

  it('should fall back to the generic text when registration fails without a message', () => {
    expect(registerErrorMessage(new Error('network'))).toBe("Une erreur est survenue lors de l'inscription");
  });
});
