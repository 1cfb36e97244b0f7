import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

describe('form fields', () => {
  it('should write type="text" on the username inputs of the sign-in and sign-up forms', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/auth', mocks: [meMock(null)] });
    expect(await screen.findByLabelText("Nom d'utilisateur ou e-mail")).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('tab', { name: 'Inscription' }));
    expect(screen.getByLabelText("Nom d'utilisateur")).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Mot de passe')).toHaveAttribute('type', 'password');
  });
});
