import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DiscoveryAddedDocument,
  WalksDocument,
  type StreetSalesLine_WalkFragment,
  type WalkSummary_WalkFragment,
} from '../gql/graphql';
import { favoritesMock, historyMock } from '../modules/properties/testing/factories';
import { buildUser, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

// The first test of a file also compiles the lazily loaded screen: give it time on a cold cache.

function buildWalk(overrides: Partial<WalkSummary_WalkFragment & StreetSalesLine_WalkFragment> = {}) {
  return {
    __typename: 'Walk' as const,
    id: '7',
    startedAt: '2025-07-14T08:05:00.000Z',
    lastFixAt: '2025-07-14T08:47:00.000Z',
    endedAt: '2025-07-14T09:02:00.000Z',
    distanceM: 2430,
    discoveryCount: 3,
    streetSales: null,
    ...overrides,
  };
}

/** The sales along a walk as the gateway answers them. */
function streetSales(over: Partial<NonNullable<StreetSalesLine_WalkFragment['streetSales']>> = {}) {
  return {
    __typename: 'StreetSales' as const,
    count: 34,
    enough: true,
    medianPricePerM2: 10450,
    firstSaleOn: '2021-02-11',
    since: '2020-07-15',
    source: 'DVF, DGFiP',
    dataUntil: '2025-06-30',
    ...over,
  };
}

function walksMock(nodes: ReturnType<typeof buildWalk>[], opts: { after?: string; next?: string } = {}) {
  return {
    request: { query: WalksDocument, variables: opts.after ? { first: 20, after: opts.after } : { first: 20 } },
    result: {
      data: {
        walks: {
          __typename: 'WalkConnection',
          nodes,
          pageInfo: { __typename: 'PageInfo', endCursor: opts.next ?? null, hasNextPage: Boolean(opts.next) },
        },
      },
    },
  };
}

describe('Mes balades (/walks)', () => {
  it('should list the walks newest first with their date, duration, distance and discoveries', async () => {
    renderApp({
      path: '/walks',
      mocks: [
        meMock(buildUser()),
        walksMock([
          buildWalk({
            id: '9',
            startedAt: '2025-07-15T16:00:00.000Z',
            lastFixAt: '2025-07-15T17:05:00.000Z',
            endedAt: null,
            distanceM: 640,
            discoveryCount: 1,
          }),
          buildWalk(),
          buildWalk({ id: '3', lastFixAt: '2025-07-14T08:05:20.000Z', distanceM: 0, discoveryCount: 0 }),
        ]),
      ],
    });

    const list = await screen.findByRole('list', { name: 'Balades' }, { timeout: 10_000 });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/walks/9', '/walks/7', '/walks/3']);
    expect(links[0]).toHaveTextContent('mardi 15 juillet à 18:00');
    expect(links[0]).toHaveTextContent('En cours');
    expect(links[0]).toHaveTextContent('1 h 05 · 640 m · 1 bien découvert');
    expect(links[1]).toHaveTextContent('lundi 14 juillet à 10:05');
    expect(links[1]).not.toHaveTextContent('En cours');
    expect(links[1]).toHaveTextContent('42 min · 2,4 km · 3 biens découverts');
    expect(links[2]).toHaveTextContent("moins d'une minute · 0 m · Aucun bien découvert");
  }, 30_000);

  it('should say what sold in the streets walked, calmly when too few for a median, with the source', async () => {
    renderApp({
      path: '/walks',
      mocks: [
        meMock(buildUser()),
        walksMock([
          buildWalk({ id: '9', streetSales: streetSales() }),
          buildWalk({
            id: '8',
            streetSales: streetSales({ count: 3, enough: false, medianPricePerM2: null, firstSaleOn: '2023-05-02' }),
          }),
          buildWalk({
            id: '7',
            streetSales: streetSales({ count: 0, enough: false, medianPricePerM2: null, firstSaleOn: null }),
          }),
          // The track is gone (fixes purged): nothing is said.
          buildWalk({ id: '6', streetSales: null }),
        ]),
      ],
    });

    const list = await screen.findByRole('list', { name: 'Balades' }, { timeout: 10_000 });
    const links = within(list).getAllByRole('link');
    // French numbers group with a narrow no-break space.
    expect(links[0]).toHaveTextContent(/Dans les rues traversées : 34 ventes depuis 2021, médiane 10.450.€\/m²/);
    expect(links[0]).toHaveTextContent('Source : DVF, DGFiP, données au 30 juin 2025');
    expect(links[1]).toHaveTextContent(
      'Dans les rues traversées : 3 ventes depuis 2023, trop peu pour en donner une médiane',
    );
    expect(links[1]).not.toHaveTextContent('€/m²');
    expect(links[2]).toHaveTextContent('Dans les rues traversées : aucune vente enregistrée depuis 2020');
    expect(links[3]).not.toHaveTextContent('Dans les rues traversées');
    expect(links[3]).not.toHaveTextContent('Source');
  });

  it('should load the next page on demand', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/walks',
      mocks: [
        meMock(buildUser()),
        walksMock([buildWalk({ id: '9' })], { next: 'c1' }),
        walksMock([buildWalk({ id: '2' })], { after: 'c1' }),
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Afficher plus de balades' }, { timeout: 10_000 }));
    const list = screen.getByRole('list', { name: 'Balades' });
    const hrefs = () =>
      within(list)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href'));
    await waitFor(() => expect(hrefs()).toEqual(['/walks/9', '/walks/2']), { timeout: 5_000 });
    expect(screen.queryByRole('button', { name: 'Afficher plus de balades' })).not.toBeInTheDocument();
  }, 20_000);

  it('should say when there is no walk yet', async () => {
    renderApp({ path: '/walks', mocks: [meMock(buildUser()), walksMock([])] });
    expect(
      await screen.findByText("Aucune balade pour l'instant.", undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('should be reached from Découvertes by « Mes balades »', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path: '/history',
      mocks: [
        meMock(buildUser()),
        historyMock([]),
        favoritesMock([]),
        { request: { query: DiscoveryAddedDocument }, delay: Infinity },
        walksMock([buildWalk()]),
      ],
    });
    await user.click(await screen.findByRole('link', { name: 'Mes balades' }, { timeout: 10_000 }));
    expect(router.state.location.pathname).toBe('/walks');
    expect(await screen.findByRole('list', { name: 'Balades' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('should send a signed-out visitor to /auth', async () => {
    const { router } = renderApp({ path: '/walks', mocks: [meMock(null)] });
    expect(await screen.findByRole('tab', { name: 'Connexion' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });
});
