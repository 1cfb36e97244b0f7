import { screen, within } from '@testing-library/react';
import { buildUser, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('the e-mail verification link', () => {
  it('should confirm the verification on the profile it lands on, then drop it from the address', async () => {
    const { router } = renderApp({
      path: '/profile?emailVerified=1',
      mocks: [meMock(buildUser({ isVerified: true }))],
    });
    expect(await toasts().findByText('Votre adresse e-mail a été vérifiée.')).toBeInTheDocument();
    expect(toasts().getByText('Adresse e-mail vérifiée')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('should say a second click found the address already verified', async () => {
    renderApp({ path: '/profile?emailVerified=already', mocks: [meMock(buildUser({ isVerified: true }))] });
    expect(await toasts().findByText('Votre adresse e-mail est déjà vérifiée.')).toBeInTheDocument();
  });

  it('should say an invalid or used link is so, on the home', async () => {
    const { router } = renderApp({ path: '/dashboard?emailVerified=0', mocks: [meMock(null)] });
    expect(
      await toasts().findByText('Ce lien de vérification est invalide ou a déjà été utilisé.'),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
