import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@flaneur/schema';
import { ForgotPasswordDocument } from '../../../gql/graphql';
import { errorResult, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';

function forgotMock(result: object) {
  return { request: { query: ForgotPasswordDocument, variables: { email: 'marie@example.fr' } }, result };
}

async function openForgotView(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Mot de passe oublié ?' }));
}

describe('forgot-password view', () => {
  it('should show the email rule when the address is invalid', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/auth', mocks: [meMock(null)] });
    await openForgotView(user);

    await user.type(screen.getByLabelText('E-mail'), 'marie');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));

    expect(await screen.findByText('Email invalide')).toBeInTheDocument();
  });

  it('should toast "Email envoyé" and show the server message when the request is accepted', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/auth',
      mocks: [meMock(null), forgotMock({ data: { forgotPassword: MSG.forgotPasswordSent } })],
    });
    await openForgotView(user);

    await user.type(screen.getByLabelText('E-mail'), 'marie@example.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));

    const toast = (await screen.findByText('Email envoyé')).closest('li')!;
    expect(within(toast).getByText(MSG.forgotPasswordSent)).toBeInTheDocument();
    const confirmation = screen.getByText('Vérifiez votre boîte de réception').closest('[role="status"]')!;
    expect(within(confirmation as HTMLElement).getByText(MSG.forgotPasswordSent)).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
  });

  it('should toast the generic error when the request fails', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/auth', mocks: [meMock(null), forgotMock(errorResult('boom', 'INTERNAL_SERVER_ERROR'))] });
    await openForgotView(user);

    await user.type(screen.getByLabelText('E-mail'), 'marie@example.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));

    const toast = (await screen.findByText('Erreur')).closest('li')!;
    expect(
      within(toast).getByText("Une erreur est survenue lors de l'envoi de la demande. Veuillez réessayer."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('marie@example.fr');
  });

  it('should come back to the login tab when asked', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/auth', mocks: [meMock(null)] });
    await openForgotView(user);

    await user.click(screen.getByRole('button', { name: 'Retour à la connexion' }));

    expect(screen.getByRole('tab', { name: 'Connexion' })).toHaveAttribute('aria-selected', 'true');
  });
});
