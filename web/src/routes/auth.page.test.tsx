import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

// Warms the lazily loaded screen so the first test does not pay for its compilation.
beforeAll(() => import('./auth.page'));

describe('/auth tabs', () => {
  it('should open the tab named in the address, and write the tab chosen into it, the post-login path kept', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/auth?retour=%2Fmessages', mocks: [meMock(null)] });

    const login = await screen.findByRole('tab', { name: 'Connexion', selected: true });
    expect(login).toHaveAttribute('href', '/auth?retour=%2Fmessages');
    await user.click(screen.getByRole('tab', { name: 'Inscription' }));
    expect(screen.getByRole('tab', { name: 'Inscription' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(router.state.location.search).toBe('?retour=%2Fmessages&vue=inscription'));
    // Rendered by the client, the form can be sent at once.
    expect(screen.getByRole('button', { name: "S'inscrire" })).toBeEnabled();

    await user.click(screen.getByRole('tab', { name: 'Connexion' }));
    await waitFor(() => expect(router.state.location.search).toBe('?retour=%2Fmessages'));
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  });

  it('should open « Inscription » from ?vue=inscription', async () => {
    renderApp({ path: '/auth?vue=inscription', mocks: [meMock(null)] });
    expect(await screen.findByRole('tab', { name: 'Inscription', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "S'inscrire" })).toBeInTheDocument();
  });
});
