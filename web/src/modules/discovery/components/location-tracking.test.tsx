import 'fake-indexeddb/auto';
import type { MockLink } from '@apollo/client/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportLocationDocument, ReportLocationsDocument, SavePreferencesDocument } from '../../../gql/graphql';
import { parisDay } from '../../../lib/format';
import { locationTracker } from '../lib/location-tracking';
import { buildUser, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import { historyMock, preferencesMock, silentSubscriptions, unreadCountMock } from '../../properties/testing/factories';

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

function installGeolocation() {
  const watches = new Map<number, { success: Success; failure: Failure }>();
  const geo = {
    watchPosition: jest.fn((success: Success, failure: Failure) => {
      watches.set(7, { success, failure });
      return 7;
    }),
    clearWatch: jest.fn((id: number) => watches.delete(id)),
    getCurrentPosition: jest.fn(),
    fix: (latitude: number, longitude: number, accuracy: number, timestamp = Date.UTC(2025, 5, 1)) =>
      act(() =>
        watches.forEach((w) =>
          w.success({
            coords: { latitude, longitude, accuracy },
            timestamp,
          } as GeolocationPosition),
        ),
      ),
    fail: (code: number) =>
      act(() => watches.forEach((w) => w.failure({ code, message: 'denied' } as GeolocationPositionError))),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geo, configurable: true });
  return geo;
}

const reportMock = (onCall: jest.Mock) => ({
  request: {
    query: ReportLocationDocument,
    variables: (variables: Record<string, unknown>) =>
      expect
        .objectContaining({
          clientId: expect.any(String),
          latitude: 48.85,
          longitude: 2.35,
          accuracy: 8,
          timestamp: '2025-06-01T00:00:00.000Z',
        })
        .asymmetricMatch(variables),
  },
  result: () => {
    onCall();
    return { data: { reportLocation: { __typename: 'LocationReport', matched: true, newDiscoveries: [] } } };
  },
});

function renderDashboard(extra: MockLink.MockedResponse[] = []) {
  return renderApp({
    path: '/dashboard',
    mocks: [
      meMock(buildUser()),
      historyMock([], parisDay()),
      historyMock([]),
      preferencesMock(),
      unreadCountMock(0),
      ...silentSubscriptions(),
      ...extra,
    ],
  });
}

describe('location tracking on the dashboard', () => {
  let geo: ReturnType<typeof installGeolocation>;

  beforeEach(() => {
    locationTracker.reset();
    geo = installGeolocation();
  });

  it('should be off by default, explain once, then track, report fixes, show the indicator and stop', async () => {
    const user = userEvent.setup();
    const reported = jest.fn();
    renderDashboard([reportMock(reported)]);
    const toggle = await screen.findByRole('switch', { name: 'Découverte en marchant' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Découvrir en marchant' });
    expect(geo.watchPosition).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('checkbox', { name: /devant lesquels je passe/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Activer le suivi' }));

    expect(geo.watchPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 10000,
      maximumAge: 0,
    });
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Recherche de votre position…', { selector: '.tracking-indicator__text' })).toBeVisible();

    geo.fix(48.85, 2.35, 8);
    await waitFor(() => expect(reported).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Suivi de position actif')).toBeInTheDocument();
    expect(screen.getByText("Actif : les biens autour de vous s'ajoutent à vos découvertes.")).toBeInTheDocument();
    expect(window.localStorage.getItem('location_tracking_enabled')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Arrêter' }));
    expect(geo.clearWatch).toHaveBeenCalledWith(7);
    expect(screen.queryByText('Suivi de position actif')).not.toBeInTheDocument();
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    expect(window.localStorage.getItem('location_tracking_enabled')).toBe('false');

    await user.click(screen.getByRole('switch'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(geo.watchPosition).toHaveBeenCalledTimes(2);
  });

  it('should offer the walking radius on turning tracking on with the default radius, saved before the first fix', async () => {
    const user = userEvent.setup();
    const saved = jest.fn();
    renderDashboard([
      {
        request: { query: SavePreferencesDocument, variables: () => true },
        result: (variables: { searchFilters: { radius: number } }) => {
          saved(variables.searchFilters.radius);
          return {
            data: {
              savePreferences: (
                preferencesMock({ radius: 0.5 }).result as { data: { preferences: Record<string, unknown> } }
              ).data.preferences,
            },
          };
        },
      } as unknown as MockLink.MockedResponse,
    ]);
    await user.click(await screen.findByRole('switch', { name: 'Découverte en marchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Découvrir en marchant' });
    const offer = within(dialog).getByRole('checkbox', {
      name: 'Ne découvrir que les biens devant lesquels je passe : rayon de 500 m au lieu de 2 km',
    });
    expect(offer).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Activer le suivi' }));

    await waitFor(() => expect(saved).toHaveBeenCalledWith(0.5));
    await waitFor(() => expect(geo.watchPosition).toHaveBeenCalledTimes(1));
    expect(saved.mock.invocationCallOrder[0]).toBeLessThan(geo.watchPosition.mock.invocationCallOrder[0]);
    act(() => locationTracker.stop());
  });

  it('should offer no other radius when the criteria hold a chosen one', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/dashboard',
      mocks: [
        meMock(buildUser()),
        historyMock([], parisDay()),
        historyMock([]),
        preferencesMock({ radius: 3 }),
        unreadCountMock(0),
        ...silentSubscriptions(),
      ],
    });
    await screen.findByText('3 km', { exact: false });
    await user.click(await screen.findByRole('switch', { name: 'Découverte en marchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Découvrir en marchant' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Activer le suivi' }));
    await waitFor(() => expect(geo.watchPosition).toHaveBeenCalledTimes(1));
    act(() => locationTracker.stop());
  });

  it('should turn off with a French toast when the permission is refused', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('location_tracking_explained', 'true');
    renderDashboard([reportMock(jest.fn())]);

    await user.click(await screen.findByRole('switch', { name: 'Découverte en marchant' }));
    geo.fail(1);

    const toast = (await screen.findByText('Suivi de position désactivé')).closest('li')!;
    expect(toast).toHaveTextContent('Erreur de suivi: autorisation de localisation refusée');
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');

    // Beyond the toast: how to allow it again on this browser, and a retry once it is allowed.
    const help = await screen.findByRole('group', { name: 'Accès à votre position refusé' });
    expect(help).toHaveTextContent("Cliquez sur l'icône à gauche de l'adresse (paramètres du site)");
    await user.click(within(help).getByRole('button', { name: 'Réessayer' }));
    expect(geo.watchPosition).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('group', { name: 'Accès à votre position refusé' })).not.toBeInTheDocument();
    geo.fix(48.85, 2.35, 8);
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  });

  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile Safari/604.1',
      'Service de localisation › Sites web Safari',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
      'Applications › Chrome › Autorisations › Position',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0', 'Accéder à votre position'],
  ])('should say how to allow the position again on %s', async (userAgent, steps) => {
    jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
    const user = userEvent.setup();
    window.localStorage.setItem('location_tracking_explained', 'true');
    renderDashboard();

    await user.click(await screen.findByRole('switch', { name: 'Découverte en marchant' }));
    geo.fail(1);

    expect(await screen.findByRole('group', { name: 'Accès à votre position refusé' })).toHaveTextContent(steps);
  });

  it('should show no permission help when tracking stops on a lost signal', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.localStorage.setItem('location_tracking_explained', 'true');
    renderDashboard();
    await user.click(await screen.findByRole('switch', { name: 'Découverte en marchant' }));
    geo.fail(2);
    await user.click(screen.getByRole('button', { name: 'Arrêter' }));
    expect(screen.queryByRole('group', { name: 'Accès à votre position refusé' })).not.toBeInTheDocument();
  });

  it('should reserve the indicator room, show a lost signal, and undo a stop from its toast', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.localStorage.setItem('location_tracking_explained', 'true');
    renderDashboard();
    const space = () => document.documentElement.style.getPropertyValue('--tracking-indicator-space');
    expect(space()).toBe('');

    await user.click(await screen.findByRole('switch', { name: 'Découverte en marchant' }));
    expect(space()).toBe('calc(var(--tracking-indicator-height) + 2 * var(--space-2))');

    geo.fail(2);
    expect(screen.getByText('Signal GPS perdu')).toBeInTheDocument();
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByText('Suivi de position désactivé')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Arrêter' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    expect(space()).toBe('');
    const stopped = (await screen.findByText('Suivi de position arrêté')).closest('li')!;

    await user.click(within(stopped).getByRole('button', { name: 'Annuler' }));
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    expect(geo.watchPosition).toHaveBeenCalledTimes(2);
    expect(window.localStorage.getItem('location_tracking_enabled')).toBe('true');
    act(() => locationTracker.stop());
  });

  it('should say the fixes are kept while offline, then what their replay sent and found', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('location_tracking_explained', 'true');
    const setOnline = (online: boolean) =>
      act(() => {
        Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
        window.dispatchEvent(new Event(online ? 'online' : 'offline'));
      });
    const replayed = jest.fn();
    renderDashboard([
      {
        request: { query: ReportLocationsDocument, variables: () => true },
        result: () => {
          replayed();
          return {
            data: { reportLocations: { __typename: 'LocationBatchReport', stored: 2, duplicates: 0, discovered: 1 } },
          };
        },
      },
      historyMock([], parisDay()),
      historyMock([]),
    ]);
    await user.click(await screen.findByRole('switch', { name: 'Découverte en marchant' }));

    // Fixes of today: the device keeps a day of them.
    setOnline(false);
    geo.fix(48.85, 2.35, 8, Date.now());
    const pill = await screen.findByText('Hors ligne — positions gardées (1)');
    geo.fix(48.851, 2.351, 8, Date.now());
    await waitFor(() => expect(pill).toHaveTextContent('Hors ligne — positions gardées (2)'));
    expect(screen.queryByText('Suivi de position actif')).not.toBeInTheDocument();

    setOnline(true);
    await waitFor(() => expect(replayed).toHaveBeenCalledTimes(1));
    const toast = (await screen.findByText('Positions envoyées')).closest('li')!;
    expect(toast).toHaveTextContent('Gardées hors ligne, 2 positions viennent de partir : 1 nouvelle découverte.');
    expect(await screen.findByText('Suivi de position actif')).toBeInTheDocument();
    act(() => locationTracker.stop());
  });

  it('should resume at start when it was left on', async () => {
    window.localStorage.setItem('location_tracking_enabled', 'true');
    renderDashboard();

    await waitFor(() => expect(geo.watchPosition).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('switch', { name: 'Découverte en marchant' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });
});
