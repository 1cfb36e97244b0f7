import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  UnreadMessagesUpdatedDocument,
  DiscoveryAddedDocument,
  SimulateDiscoveryDocument,
  SimulationEnabledDocument,
} from '../gql/graphql';
import { parisDay } from '../lib/format';
import {
  buildHistoryItem,
  historyMock,
  preferencesMock,
  silentSubscriptions,
  unreadCountMock,
} from '../modules/properties/testing/factories';
import { buildUser, errorResult, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

// The first test of a file also compiles the lazily loaded screen: give it time on a cold cache.

const now = () => new Date().toISOString();

function dashboardMocks(
  { today = [], all = today, unread = 0, subscriptions = silentSubscriptions(), simulation = true } = {} as {
    today?: ReturnType<typeof buildHistoryItem>[];
    all?: ReturnType<typeof buildHistoryItem>[];
    unread?: number;
    subscriptions?: ReturnType<typeof silentSubscriptions>;
    simulation?: boolean;
  },
) {
  return [
    meMock(buildUser()),
    historyMock(today, parisDay()),
    historyMock(all),
    preferencesMock(),
    unreadCountMock(unread),
    { request: { query: SimulationEnabledDocument }, result: { data: { simulationEnabled: simulation } } },
    ...subscriptions,
  ];
}

const tile = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Accès rapides' })).getByRole('link', { name: new RegExp(`^${name}`) });

describe('dashboard', () => {
  it('should offer to simulate a discovery when today is empty, and say "0 bien découvert"', async () => {
    renderApp({ path: '/dashboard', mocks: dashboardMocks() });

    expect(await screen.findByRole('button', { name: 'Simuler une découverte' })).toBeInTheDocument();
    expect(screen.getByText("0 bien découvert aujourd'hui")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Voir l'historique" })).toHaveAttribute('href', '/history');
  });

  it('should not offer the simulation where the server does not run it', async () => {
    renderApp({ path: '/dashboard', mocks: dashboardMocks({ simulation: false }) });

    expect(await screen.findByText("0 bien découvert aujourd'hui")).toBeInTheDocument();
    // The answer has arrived (the criteria show) and the button is still absent.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Explorer les biens' })).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Simuler une découverte' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Essayez sans sortir de chez vous/)).not.toBeInTheDocument();
  });

  it('should lead from Accueil to « Explorer les biens »', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/dashboard', mocks: dashboardMocks() });

    await user.click(await screen.findByRole('link', { name: 'Explorer les biens' }));

    expect(await screen.findByRole('heading', { name: 'Explorer les biens' })).toBeInTheDocument();
  });

  it('should count today in the plural, show the first 3 with their time and badges, and hide the simulate button', async () => {
    const today = [1, 2, 3, 4].map((n) =>
      buildHistoryItem(
        { viewedAt: new Date(Date.now() - n * 60_000).toISOString() },
        {
          id: String(n),
          title: `Bien ${n}`,
          isRental: n === 1,
          price: n === 1 ? 1200 : 300000,
          formerPrice: n === 1 ? 1300 : null,
          // 23:30 UTC on 5 March is 6 March in Paris.
          verifiedOnSiteAt: n === 1 ? '2026-03-05T23:30:00.000Z' : null,
        },
      ),
    );
    renderApp({
      path: '/dashboard',
      mocks: dashboardMocks({ today, all: [...today, buildHistoryItem({}, { id: '9' })] }),
    });

    expect(await screen.findByText("4 biens découverts aujourd'hui")).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Découvertes du jour' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAttribute('href', '/property/1');
    expect(within(links[0]).getByText('1 200 €/mois')).toBeInTheDocument();
    expect(within(links[0]).getByText(/^\d\d:\d\d$/)).toBeInTheDocument();
    expect(within(links[0]).getByText('Prix en baisse')).toBeInTheDocument();
    expect(within(links[0]).getByText(/Vérifié sur place/)).toHaveTextContent('Vérifié sur place le 6 mars 2026');
    expect(within(links[1]).queryByText('Prix en baisse')).not.toBeInTheDocument();
    expect(within(links[1]).queryByText(/Vérifié sur place/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simuler une découverte' })).not.toBeInTheDocument();
    await waitFor(() => expect(tile('Découvertes')).toHaveTextContent('5 découvertes'));
  });

  it('should say "1 bien découvert" in the singular', async () => {
    renderApp({ path: '/dashboard', mocks: dashboardMocks({ today: [buildHistoryItem({ viewedAt: now() })] }) });

    expect(await screen.findByText("1 bien découvert aujourd'hui")).toBeInTheDocument();
  });

  it("should write a discoveryAdded event into today's list without refetching", async () => {
    const arriving = buildHistoryItem({ id: 'e77', viewedAt: now() }, { id: '77', title: 'Maison avec jardin' });
    renderApp({
      path: '/dashboard',
      mocks: dashboardMocks({
        subscriptions: [
          { request: { query: DiscoveryAddedDocument }, result: { data: { discoveryAdded: arriving } }, delay: 150 },
          { request: { query: UnreadMessagesUpdatedDocument }, delay: Infinity },
        ],
      }),
    });
    expect(await screen.findByText("0 bien découvert aujourd'hui")).toBeInTheDocument();

    expect(await screen.findByText("1 bien découvert aujourd'hui")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Maison avec jardin/ })).toHaveAttribute('href', '/property/77');
    expect((await screen.findByText('Nouvelle découverte')).closest('li')).toHaveTextContent('Maison avec jardin');
    expect(tile('Découvertes')).toHaveTextContent('1 découverte');
  });

  it('should show the unread count on the Messages tile and keep it live', async () => {
    renderApp({
      path: '/dashboard',
      mocks: dashboardMocks({
        unread: 2,
        subscriptions: [
          { request: { query: DiscoveryAddedDocument }, delay: Infinity },
          {
            request: { query: UnreadMessagesUpdatedDocument },
            result: {
              data: {
                conversationUpdated: {
                  __typename: 'ConversationUpdate',
                  conversation: {
                    __typename: 'ConversationSummary',
                    id: '5',
                    unreadCount: 3,
                    propertyTitle: 'Studio lumineux',
                    participant: {
                      __typename: 'PublicUser',
                      id: '2',
                      username: 'paul',
                      firstName: 'Paul',
                      lastName: null,
                    },
                  },
                  unreadMessageCount: 5,
                },
              },
            },
            delay: 150,
          },
        ],
      }),
    });

    await waitFor(() => expect(tile('Messages')).toHaveTextContent('2 messages non lus'));
    await waitFor(() => expect(tile('Messages')).toHaveTextContent('5 messages non lus'));
  });

  it('should put a simulated discovery on the page at once', async () => {
    const user = userEvent.setup();
    const simulated = buildHistoryItem({ id: 'e5', viewedAt: now() }, { id: '5', title: 'Villa simulée' });
    renderApp({
      path: '/dashboard',
      mocks: [
        ...dashboardMocks(),
        { request: { query: SimulateDiscoveryDocument }, result: { data: { simulateDiscovery: simulated } } },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Simuler une découverte' }));

    expect(await screen.findByText("1 bien découvert aujourd'hui")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Villa simulée/ })).toBeInTheDocument();
  });

  it('should toast the server message when the simulation finds nothing', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/dashboard',
      mocks: [
        ...dashboardMocks(),
        {
          request: { query: SimulateDiscoveryDocument },
          result: errorResult('Aucun nouveau bien à découvrir autour de vous.', 'NOT_FOUND'),
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Simuler une découverte' }));

    const toast = (await screen.findByText('Erreur')).closest('li')!;
    expect(toast).toHaveTextContent('Aucun nouveau bien à découvrir autour de vous.');
  });

  it('should show the criteria and the tiles, without personal parts, when signed out', async () => {
    renderApp({ path: '/dashboard', mocks: [meMock(null)] });

    expect(await screen.findByRole('heading', { name: 'Mes critères de recherche' })).toBeInTheDocument();
    expect(screen.getByText('Vos découvertes du jour apparaîtront ici.')).toBeInTheDocument();
    expect(tile('Profil')).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
