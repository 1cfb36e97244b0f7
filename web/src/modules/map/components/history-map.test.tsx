import { MockedProvider } from '@apollo/client/testing/react';
import { act, render, screen, within } from '@testing-library/react';
import { buildHistoryItem } from '../../properties/testing/factories';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { locationTracker, type TrackingState } from '../../discovery/lib/location-tracking';
import { lastMapProps, mapCameraCalls } from '../testing/react-map-gl.mock';
import HistoryMap from './history-map';

function renderMap() {
  return render(
    <MemoryRouter>
      <HistoryMap items={[]} />
    </MemoryRouter>,
  );
}

function trackerState(state: Partial<TrackingState>) {
  jest
    .spyOn(locationTracker, 'getSnapshot')
    .mockReturnValue({ status: 'off', error: null, lastFix: null, ...state } as TrackingState);
}

const fix = { latitude: 48.85, longitude: 2.35, accuracy: 12, timestamp: Date.UTC(2025, 2, 4, 9, 15) };
const watchPosition = jest.fn();
const getCurrentPosition = jest.fn();

beforeEach(() => {
  mapCameraCalls.flyTo.length = 0;
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { watchPosition, getCurrentPosition, clearWatch: jest.fn() },
  });
});

afterEach(() => jest.restoreAllMocks());

describe('the Découvertes map, « Vous êtes ici »', () => {
  it('should show the last known position of the tracker and recentre the map on it', async () => {
    const user = userEvent.setup();
    trackerState({ status: 'on', lastFix: fix });
    renderMap();

    const here = screen.getByRole('img', { name: 'Vous êtes ici' });
    expect(here.closest('[data-testid="map-marker"]')).toHaveAttribute('data-position', '48.85,2.35');

    await user.click(screen.getByRole('button', { name: 'Recentrer' }));
    expect(mapCameraCalls.flyTo).toEqual([[expect.objectContaining({ center: [2.35, 48.85] })]]);
  });

  it('should show neither the dot nor « Recentrer » without a fix, and never ask for the position', () => {
    trackerState({ status: 'starting', lastFix: null });
    renderMap();

    expect(screen.queryByRole('img', { name: 'Vous êtes ici' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recentrer' })).not.toBeInTheDocument();
    expect(watchPosition).not.toHaveBeenCalled();
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  it('should not show a stale position once tracking is off', () => {
    trackerState({ status: 'off', lastFix: fix });
    renderMap();

    expect(screen.queryByRole('img', { name: 'Vous êtes ici' })).not.toBeInTheDocument();
  });

  it('should label the map controls in French for screen readers', () => {
    trackerState({});
    renderMap();

    expect(lastMapProps.current?.locale).toEqual(
      expect.objectContaining({
        'NavigationControl.ZoomIn': 'Zoomer',
        'NavigationControl.ZoomOut': 'Dézoomer',
        'NavigationControl.ResetBearing': "Réinitialiser l'orientation",
        'AttributionControl.ToggleAttribution': 'Afficher les crédits',
        'Popup.Close': 'Fermer',
      }),
    );
  });
});

describe('the Découvertes map, the drawn zone of the criteria', () => {
  const zone = [
    { latitude: 48.85, longitude: 2.34 },
    { latitude: 48.86, longitude: 2.34 },
    { latitude: 48.86, longitude: 2.36 },
    { latitude: 48.85, longitude: 2.36 },
  ];

  it('should draw the zone as a polygon and say so to screen readers', () => {
    trackerState({});
    render(
      <MemoryRouter>
        <HistoryMap items={[]} zone={zone} />
      </MemoryRouter>,
    );

    const source = screen.getByTestId('map-source');
    expect(source).toHaveAttribute('data-source-id', 'criteria-zone');
    expect(JSON.parse(source.getAttribute('data-geojson')!).geometry.type).toBe('Polygon');
    expect(screen.getByText('Zone dessinée affichée sur la carte (4 points)')).toBeInTheDocument();
    // The first view takes the zone in, even with no listing there.
    expect(lastMapProps.current?.initialViewState).toEqual(
      expect.objectContaining({
        bounds: [
          [2.34, 48.85],
          [2.36, 48.86],
        ],
      }),
    );
  });

  it('should show no zone and no zone text without one', () => {
    trackerState({});
    renderMap();

    expect(screen.queryByTestId('map-source')).not.toBeInTheDocument();
    expect(screen.queryByText(/Zone dessinée/)).not.toBeInTheDocument();
  });
});

describe('the Découvertes map, markers too close to read', () => {
  const items = [
    buildHistoryItem(
      { id: 'e1' },
      { id: '1', title: 'Studio Marais', latitude: 48.8575, longitude: 2.3581, price: 900 },
    ),
    buildHistoryItem({ id: 'e2' }, { id: '2', title: 'T2 Marais', latitude: 48.8578, longitude: 2.3585, price: 1200 }),
    buildHistoryItem(
      { id: 'e3' },
      { id: '3', title: 'Loft Bastille', latitude: 48.8462, longitude: 2.3464, price: 1500 },
    ),
  ];
  const loadAt = (zoom: number) =>
    act(() => (lastMapProps.current?.onLoad as unknown as (e: object) => void)({ target: { getZoom: () => zoom } }));

  it('should group them as « 2 biens », which zooms in on them, and keep the others alone', async () => {
    const user = userEvent.setup();
    mapCameraCalls.fitBounds.length = 0;
    render(
      <MemoryRouter>
        <HistoryMap items={items} />
      </MemoryRouter>,
    );
    loadAt(14);
    expect(screen.queryByRole('button', { name: /^Studio Marais/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Loft Bastille/ })).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: '2 biens ici (Studio Marais, T2 Marais) : zoomer pour les voir' }),
    );
    expect(mapCameraCalls.fitBounds).toHaveLength(1);
    act(() =>
      (lastMapProps.current as unknown as { onZoomEnd: (e: object) => void }).onZoomEnd({ viewState: { zoom: 18 } }),
    );
    expect(screen.getByRole('button', { name: /^Studio Marais/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^T2 Marais/ })).toBeInTheDocument();
  });
});

describe('the Découvertes map, « Ventes récentes »', () => {
  it('should offer the sales layer, off at first, its count line once switched on', async () => {
    const user = userEvent.setup();
    render(
      <MockedProvider mocks={[]} mockLinkDefaultOptions={{ delay: 0 }}>
        <MemoryRouter>
          <HistoryMap items={[]} />
        </MemoryRouter>
      </MockedProvider>,
    );
    const map = await screen.findByRole('region', { name: 'Carte des découvertes' });
    const toggle = within(map).getByRole('button', { name: 'Ventes récentes' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(within(map).queryByRole('status')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // Switched on, the count line appears (the sales asked and drawn: recent-sales-layer.test.tsx).
    expect(within(map).getByRole('status')).toHaveTextContent(/^(Chargement des ventes…|Ventes indisponibles)/);
  });
});
