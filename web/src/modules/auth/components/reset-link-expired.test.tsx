import { screen } from '@testing-library/react';
import { PasswordResetTokenValidDocument } from '../../../gql/graphql';
import { meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';

const check = (valid: boolean) => ({
  request: { query: PasswordResetTokenValidDocument, variables: { token: 'abc123' } },
  result: { data: { passwordResetTokenValid: valid } },
});

describe('a reset link opened again', () => {
  it('should say at once that a used or expired link no longer works, without the form', async () => {
    renderApp({ path: '/auth?token=abc123', mocks: [meMock(null), check(false)] });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce lien de réinitialisation a expiré ou a déjà été utilisé. Demandez-en un nouveau avec « Mot de passe oublié ? ».',
    );
    expect(screen.queryByLabelText('Nouveau mot de passe')).not.toBeInTheDocument();
  });

  it('should offer the form while the link is usable', async () => {
    renderApp({ path: '/auth?token=abc123', mocks: [meMock(null), check(true)] });
    expect(await screen.findByLabelText('Nouveau mot de passe')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
