import { MockedProvider } from '@apollo/client/testing/react';
import { DEFAULT_SEARCH_FILTERS, GEO_MSG, type TSearchFilters } from '@flaneur/schema';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SavePreferencesDocument } from '../../../gql/graphql';
import { buildUser, meMock } from '../../../test/factories';
import HistoryMap from '../../map/components/history-map';
import { clickMap } from '../../map/testing/react-map-gl.mock';
import { summarizeFilters } from '../lib/filter-labels';
import { SearchCriteriaDialog } from './search-criteria-dialog';
import ZoneDrawMap from './zone-draw-map';

const zone = [
  { latitude: 48.85, longitude: 2.33 },
  { latitude: 48.86, longitude: 2.35 },
  { latitude: 48.84, longitude: 2.36 },
];

/** Taps the drawing map at each point (longitude, latitude as the map library reports them). */
const tap = (points: { latitude: number; longitude: number }[]) =>
  act(() => points.forEach((p) => clickMap(p.longitude, p.latitude)));

function renderDrawMap(current: typeof zone | null = null) {
  const onChange = jest.fn();
  render(
    <Suspense fallback={null}>
      <ZoneDrawMap zone={current} onChange={onChange} />
    </Suspense>,
  );
  return onChange;
}

describe('drawing the zone on the map', () => {
  it('should add a corner per tap and give the zone to « Terminer » (positions at 7 decimals)', async () => {
    const user = userEvent.setup();
    const onChange = renderDrawMap();
    const finish = await screen.findByRole('button', { name: 'Terminer' });
    tap([zone[0], zone[1]]);
    await screen.findByText('2 points placés');
    expect(finish).toBeDisabled();
    act(() => clickMap(2.360000004, 48.84));
    await screen.findByText('3 points placés');
    expect(screen.getAllByRole('img', { name: /^Point \d$/ })).toHaveLength(3);
    await user.click(finish);
    expect(onChange).toHaveBeenCalledWith(zone);
  });

  it('should take back the last corner', async () => {
    const user = userEvent.setup();
    const onChange = renderDrawMap();
    await screen.findByRole('button', { name: 'Terminer' });
    tap([...zone, { latitude: 48.9, longitude: 2.4 }]);
    await screen.findByText('4 points placés');
    await user.click(screen.getByRole('button', { name: 'Retirer le dernier point' }));
    await user.click(screen.getByRole('button', { name: 'Terminer' }));
    expect(onChange).toHaveBeenCalledWith(zone);
  });

  it('should refuse a zone whose edges cross, in French, and keep drawing', async () => {
    const user = userEvent.setup();
    const onChange = renderDrawMap();
    await screen.findByRole('button', { name: 'Terminer' });
    tap([zone[0], zone[1], { latitude: 48.85, longitude: 2.36 }, { latitude: 48.86, longitude: 2.33 }]);
    await screen.findByText('4 points placés');
    await user.click(screen.getByRole('button', { name: 'Terminer' }));
    expect(screen.getByRole('alert')).toHaveTextContent(GEO_MSG.zoneSelfIntersecting);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('should clear the saved zone with « Effacer la zone » (null), and show the saved zone as a polygon', async () => {
    const user = userEvent.setup();
    const onChange = renderDrawMap(zone);
    const source = await screen.findByTestId('map-source');
    expect(JSON.parse(source.getAttribute('data-geojson')!).geometry).toEqual({
      type: 'Polygon',
      coordinates: [[...zone, zone[0]].map((p) => [p.longitude, p.latitude])],
    });
    await user.click(screen.getByRole('button', { name: 'Effacer la zone' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

function renderDialog(filters: Partial<TSearchFilters>, saved: TSearchFilters) {
  const result = jest.fn(() => ({
    data: {
      savePreferences: {
        __typename: 'Preferences',
        searchFilters: {
          __typename: 'SearchFilters',
          ...saved,
          zone: saved.zone && saved.zone.map((p) => ({ __typename: 'LatLng', ...p })),
        },
      },
    },
  }));
  const onClose = jest.fn();
  render(
    <MemoryRouter>
      <MockedProvider
        mocks={[
          meMock(buildUser()),
          { request: { query: SavePreferencesDocument, variables: { searchFilters: saved } }, result },
        ]}
        mockLinkDefaultOptions={{ delay: 0 }}
      >
        <SearchCriteriaDialog open filters={{ ...DEFAULT_SEARCH_FILTERS, ...filters }} onClose={onClose} />
      </MockedProvider>
    </MemoryRouter>,
  );
  return { result, onClose, dialog: screen.getByRole('dialog', { name: 'Critères de recherche' }) };
}

describe('the criteria dialog: zone and energy', () => {
  it('should save the zone drawn on the lazily loaded map', async () => {
    const user = userEvent.setup();
    const { result, onClose, dialog } = renderDialog({}, { ...DEFAULT_SEARCH_FILTERS, zone });
    expect(within(dialog).getByText('Aucune zone dessinée : tout le rayon compte')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('map')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Dessiner sur la carte' }));
    await within(dialog).findByTestId('map');
    tap(zone);
    await within(dialog).findByText('3 points placés');
    await user.click(within(dialog).getByRole('button', { name: 'Terminer' }));
    expect(within(dialog).getByText('Zone dessinée de 3 points')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(result).toHaveBeenCalled());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('should save null once the zone is cleared', async () => {
    const user = userEvent.setup();
    const { result, dialog } = renderDialog({ zone, energyMax: 'D' }, { ...DEFAULT_SEARCH_FILTERS, energyMax: 'D' });
    expect(within(dialog).getByText('Zone dessinée de 3 points')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Effacer la zone' }));
    expect(within(dialog).getByText('Aucune zone dessinée : tout le rayon compte')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(result).toHaveBeenCalled());
  });

  it('should save the energy maximum chosen (« Indifférent » for none)', async () => {
    const user = userEvent.setup();
    const { result, dialog } = renderDialog({}, { ...DEFAULT_SEARCH_FILTERS, energyMax: 'E' });
    const energy = within(dialog).getByRole('group', { name: 'Classe énergie (DPE) maximale' });
    expect(within(energy).getByRole('radio', { name: 'Indifférent' })).toBeChecked();
    await user.click(within(energy).getByRole('radio', { name: 'E' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(result).toHaveBeenCalled());
  });
});

describe('the criteria card summary and the Découvertes map', () => {
  it('should sum up the zone and the energy maximum in French', () => {
    const lines = summarizeFilters({ ...DEFAULT_SEARCH_FILTERS, zone, energyMax: 'E' });
    expect(lines).toEqual(
      expect.arrayContaining([
        { label: 'Zone', value: 'Zone dessinée de 3 points' },
        { label: 'Énergie (DPE)', value: 'Classe E ou mieux' },
      ]),
    );
    const none = summarizeFilters(DEFAULT_SEARCH_FILTERS).map((l) => l.label);
    expect(none).not.toContain('Zone');
    expect(none).not.toContain('Énergie (DPE)');
  });

  it('should draw the saved zone on the Découvertes map, and nothing without one', async () => {
    const { unmount } = render(
      <MemoryRouter>
        <Suspense fallback={null}>
          <HistoryMap items={[]} zone={zone} />
        </Suspense>
      </MemoryRouter>,
    );
    const source = await screen.findByTestId('map-source');
    expect(source).toHaveAttribute('data-source-id', 'criteria-zone');
    expect(JSON.parse(source.getAttribute('data-geojson')!).geometry.coordinates[0]).toHaveLength(4);
    unmount();
    render(
      <MemoryRouter>
        <Suspense fallback={null}>
          <HistoryMap items={[]} zone={null} />
        </Suspense>
      </MemoryRouter>,
    );
    await screen.findByTestId('map');
    expect(screen.queryByTestId('map-source')).not.toBeInTheDocument();
  });
});
