import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LogoutDocument, UnsubscribePushDocument } from '../../../gql/graphql';
import { installPushBrowser, TEST_ENDPOINT, uninstallPushBrowser } from '../../notifications/testing/push-browser.mock';
import { fixOutbox } from '../../discovery/lib/fix-outbox';
import { buildUser, errorResult, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';

describe('logout', () => {
  const clearWatch = jest.fn();

  beforeAll(() => {
    Object.defineProperty(navigator, 'geolocation', { value: { clearWatch }, configurable: true });
  });

  it('should clear the session and tracking, toast, then go to /auth when the server agrees', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('location_tracking_enabled', 'true');
    window.localStorage.setItem('location_tracking_watch_id', '7');
    const { router } = renderApp({
      path: '/dashboard',
      mocks: [
        meMock(buildUser()),
        { request: { query: LogoutDocument }, result: { data: { logout: true } } },
        meMock(null),
      ],
    });
    await screen.findByRole('heading', { name: 'Bonjour, Marie Curie' });
    expect(window.localStorage.getItem('userData')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));

    const toast = (await screen.findByText('Déconnexion réussie')).closest('li')!;
    expect(within(toast).getByText('Vous avez été déconnecté avec succès')).toBeInTheDocument();
    expect(window.localStorage.getItem('userData')).toBeNull();
    expect(window.localStorage.getItem('location_tracking_enabled')).toBe('false');
    expect(window.localStorage.getItem('location_tracking_watch_id')).toBeNull();
    expect(clearWatch).toHaveBeenCalledWith(7);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('tab', { name: 'Connexion' })).toBeInTheDocument();
  });

  it('should forget the positions kept offline on this device', async () => {
    const user = userEvent.setup();
    // Offline: the kept fix cannot be replayed before the sign-out.
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    const time = Date.now();
    await fixOutbox.keep({
      clientId: '00000000-0000-4000-8000-000000000001',
      userId: '1',
      latitude: 48.85,
      longitude: 2.35,
      accuracy: 5,
      timestamp: new Date(time).toISOString(),
      time,
    });
    renderApp({
      path: '/dashboard',
      mocks: [
        meMock(buildUser()),
        { request: { query: LogoutDocument }, result: { data: { logout: true } } },
        meMock(null),
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Se déconnecter' }));

    await screen.findByText('Déconnexion réussie');
    await waitFor(async () => expect(await fixOutbox.count()).toBe(0));
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  });

  it("should take this device's push subscription off the account and the browser before the session ends", async () => {
    const user = userEvent.setup();
    const { subscription } = installPushBrowser({ permission: 'granted', subscribed: true });
    const order: string[] = [];
    try {
      renderApp({
        path: '/dashboard',
        mocks: [
          meMock(buildUser()),
          {
            request: { query: UnsubscribePushDocument, variables: { endpoint: TEST_ENDPOINT } },
            result: () => {
              order.push('unsubscribePush');
              return { data: { unsubscribePush: true } };
            },
          },
          {
            request: { query: LogoutDocument },
            result: () => {
              order.push('logout');
              return { data: { logout: true } };
            },
          },
          meMock(null),
        ],
      });

      await user.click(await screen.findByRole('button', { name: 'Se déconnecter' }));

      await screen.findByText('Déconnexion réussie');
      expect(order).toEqual(['unsubscribePush', 'logout']);
      expect(subscription.unsubscribe).toHaveBeenCalled();
    } finally {
      uninstallPushBrowser();
    }
  });

  it('should end on /auth without a return path when logging out from a protected page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path: '/profile/marie',
      mocks: [
        meMock(buildUser()),
        { request: { query: LogoutDocument }, result: { data: { logout: true } } },
        meMock(null),
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Se déconnecter' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(await screen.findByRole('tab', { name: 'Connexion' })).toBeInTheDocument();
  });

  it('should toast the failure with the server message and stay signed in when logout fails', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path: '/dashboard',
      mocks: [
        meMock(buildUser()),
        { request: { query: LogoutDocument }, result: errorResult('Trop de tentatives.', 'TOO_MANY_REQUESTS') },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Se déconnecter' }));

    const toast = (await screen.findByText('Échec de la déconnexion')).closest('li')!;
    expect(within(toast).getByText('Trop de tentatives.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.localStorage.getItem('userData')).not.toBeNull();
  });
});
