import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@flaneur/schema';
import { ResetPasswordDocument } from '../../../gql/graphql';
import { errorResult, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';

function resetMock(result: object) {
  return {
    request: { query: ResetPasswordDocument, variables: { input: { token: 'abc123', password: 'nouveau-mdp' } } },
    result,
  };
}

async function submit(user: ReturnType<typeof userEvent.setup>, password: string, confirmation: string) {
  await user.type(await screen.findByLabelText('Nouveau mot de passe'), password);
  await user.type(screen.getByLabelText('Confirmer le mot de passe'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
}

describe('reset-password view', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('should open by itself when the address carries a token', async () => {
    renderApp({ path: '/auth?token=abc123', mocks: [meMock(null)] });

    expect(await screen.findByRole('heading', { name: 'Réinitialisation du mot de passe' })).toBeInTheDocument();
  });

  it('should show the 8-character rule when the password is too short', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/auth?token=abc123', mocks: [meMock(null)] });

    await submit(user, '1234567', '1234567');

    expect(await screen.findByText('Le mot de passe doit contenir au moins 8 caractères')).toBeInTheDocument();
  });

  it('should say the passwords differ when the confirmation does not match', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/auth?token=abc123', mocks: [meMock(null)] });

    await submit(user, 'nouveau-mdp', 'nouveau-mdq');

    expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
  });

  it('should confirm, then return to login without the token 2 s later when the reset succeeds', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { router } = renderApp({
      path: '/auth?token=abc123',
      mocks: [meMock(null), resetMock({ data: { resetPassword: MSG.resetPasswordDone } })],
    });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'nouveau-mdp');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'nouveau-mdp');

    // Submit and let the mocked answer settle inside act, so the 2 s start from a known instant.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
      await jest.advanceTimersByTimeAsync(0);
    });

    const inline = screen.getByText('Retour à la connexion…').closest('[role="status"]') as HTMLElement;
    expect(within(inline).getByText(MSG.resetPasswordDone)).toBeInTheDocument();
    const toast = screen.getByText('Mot de passe réinitialisé').closest('li')!;
    expect(within(toast).getByText(MSG.resetPasswordDone)).toBeInTheDocument();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(1999);
    });
    expect(screen.queryByRole('tab', { name: 'Connexion' })).not.toBeInTheDocument();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('tab', { name: 'Connexion' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('');
  });

  it('should toast that the link may be invalid when the reset fails', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/auth?token=abc123',
      mocks: [meMock(null), resetMock(errorResult('Lien invalide', 'BAD_USER_INPUT'))],
    });

    await submit(user, 'nouveau-mdp', 'nouveau-mdp');

    expect(
      await screen.findByText(
        'Une erreur est survenue lors de la réinitialisation du mot de passe. Le lien est peut-être invalide ou a expiré.',
      ),
    ).toBeInTheDocument();
  });
});
