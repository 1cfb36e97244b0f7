import { screen, within } from '@testing-library/react';
import type { FormattedExecutionResult } from 'graphql';
import { WalkDocument } from '../gql/graphql';
import { buildHistoryItem, buildProperty, favoritesMock } from '../modules/properties/testing/factories';
import { buildUser, errorResult, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

// The first test of a file also compiles the lazily loaded screen (and the map chunk): give it time.

const path = [
  { __typename: 'WalkFix' as const, latitude: 48.853, longitude: 2.369, timestamp: '2025-07-14T08:05:00.000Z' },
  { __typename: 'WalkFix' as const, latitude: 48.855, longitude: 2.371, timestamp: '2025-07-14T08:20:00.000Z' },
  { __typename: 'WalkFix' as const, latitude: 48.857, longitude: 2.372, timestamp: '2025-07-14T08:47:00.000Z' },
];

function walk(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Walk',
    id: '7',
    startedAt: '2025-07-14T08:05:00.000Z',
    lastFixAt: '2025-07-14T08:47:00.000Z',
    endedAt: '2025-07-14T09:02:00.000Z',
    distanceM: 2430,
    discoveryCount: 1,
    streetSales: {
      __typename: 'StreetSales',
      count: 6,
      enough: true,
      medianPricePerM2: 9801,
      firstSaleOn: '2022-09-30',
      since: '2020-07-15',
      source: 'DVF, DGFiP',
      dataUntil: '2025-06-30',
    },
    path,
    discoveries: [
      buildHistoryItem(
        { id: 'e1', viewedAt: '2025-07-14T08:21:00.000Z' },
        { id: '11', title: 'Studio Bastille', latitude: 48.8552, longitude: 2.3712 },
      ),
    ],
    nearMisses: [
      {
        __typename: 'NearMiss',
        missed: 'price',
        distanceM: 80,
        property: buildProperty({ id: '21', title: 'Loft Roquette' }),
      },
      {
        __typename: 'NearMiss',
        missed: 'bedrooms',
        distanceM: 120,
        property: buildProperty({ id: '22', title: 'Trois-pièces Voltaire' }),
      },
      {
        __typename: 'NearMiss',
        missed: 'size',
        distanceM: 300,
        property: buildProperty({ id: '23', title: 'Duplex Charonne' }),
      },
    ],
    ...overrides,
  };
}

function renderWalk(result: FormattedExecutionResult) {
  return renderApp({
    path: '/walks/7',
    mocks: [
      meMock(buildUser()),
      favoritesMock([]),
      { request: { query: WalkDocument, variables: { id: '7' } }, result },
    ],
  });
}

describe('a walk (/walks/:id)', () => {
  it('should show its figures, its trace and discoveries on the map, then « Presque pour vous » in French', async () => {
    renderWalk({ data: { walk: walk() } });

    const date = await screen.findByText('lundi 14 juillet à 10:05', undefined, { timeout: 10_000 });
    expect(date.closest('p')).toHaveTextContent('42 min · 2,4 km · 1 bien découvert');
    expect(
      screen.getByText(/^Dans les rues traversées : 6 ventes depuis 2022, médiane 9.801.€\/m²$/),
    ).toBeInTheDocument();
    expect(screen.getByText('Source : DVF, DGFiP, données au 30 juin 2025')).toBeInTheDocument();
    // The map (lazy) with the path line's points and the discovered listing's marker.
    const map = await screen.findByRole('region', { name: 'Carte de la balade' }, { timeout: 10_000 });
    expect(screen.getByText('Parcours de 3 positions')).toBeInTheDocument();
    expect(within(map).getByRole('img', { name: 'Départ' }).closest('[data-testid="map-marker"]')).toHaveAttribute(
      'data-position',
      '48.853,2.369',
    );
    expect(within(map).getByRole('img', { name: /^Studio Bastille/ })).toBeInTheDocument();

    const found = screen.getByRole('region', { name: 'Découverts en chemin' });
    expect(within(found).getByRole('link', { name: 'Studio Bastille' })).toHaveAttribute('href', '/property/11');

    const near = screen.getByRole('region', { name: 'Presque pour vous' });
    const items = within(near).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Loft Roquette',
      'Trois-pièces Voltaire',
      'Duplex Charonne',
    ]);
    expect(items[0]).toHaveTextContent('Un peu au-dessus de votre budget (moins de 10 %)');
    expect(items[1]).toHaveTextContent('Une chambre de moins que souhaité');
    expect(items[2]).toHaveTextContent('Un peu plus petit que votre minimum (moins de 10 %)');
  }, 30_000);

  it('should keep the figures and say the trace is gone once the fixes are purged', async () => {
    renderWalk({
      data: { walk: walk({ path: [], discoveries: [], discoveryCount: 0, nearMisses: [], streetSales: null }) },
    });

    expect(
      await screen.findByText(/les positions sont effacées après 30 jours/, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/2,4 km · Aucun bien découvert/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Carte de la balade' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Presque pour vous' })).not.toBeInTheDocument();
    expect(screen.getByText('Aucun bien découvert pendant cette balade.')).toBeInTheDocument();
  });

  it("should answer « Balade introuvable » for someone else's walk (NOT_FOUND)", async () => {
    renderWalk(errorResult('Balade introuvable', 'NOT_FOUND'));
    expect(await screen.findByText('Balade introuvable.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mes balades' })).toHaveAttribute('href', '/walks');
  });
});
