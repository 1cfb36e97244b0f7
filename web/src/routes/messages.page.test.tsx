import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ConversationsDocument,
  ConversationUpdatedDocument,
  PropertyDetailDocument,
  RecordViewDocument,
  StartPropertyConversationDocument,
} from '../gql/graphql';
import { buildRow, paul, silentSubscription } from '../modules/conversations/conversations.fixtures';
import { buildPropertyDetail, favoritesMock } from '../modules/properties/testing/factories';
import { buildUser, errorResult, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

// Screens load lazily and CI machines are slow: allow more than the 1 s default to find them.
beforeAll(() => Promise.all([import('./messages.page'), import('./property-detail.page')]));

const listMock = (rows = [buildRow()], delay = 0) => ({
  request: { query: ConversationsDocument },
  result: { data: { conversations: rows } },
  delay,
});
const quiet = silentSubscription(ConversationUpdatedDocument);

describe('/messages', () => {
  it('should say it is loading, then list the rows with participant, listing, date and unread badge', async () => {
    renderApp({ path: '/messages', mocks: [meMock(buildUser()), listMock([buildRow()], 30), quiet] });

    expect(await screen.findByText('Chargement des conversations...')).toBeInTheDocument();
    const row = await screen.findByRole('link', { name: /Paul Martin/ });
    expect(row).toHaveAttribute('href', '/messages/5');
    expect(within(row).getByText('Appartement lumineux')).toBeInTheDocument();
    expect(within(row).getByText('4 mars')).toBeInTheDocument();
    expect(row).toHaveTextContent('2 message(s) non lu(s)');
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Rechercher une conversation...')).toBeInTheDocument();
  });

  it('should date a row by its Paris day, whatever the device zone', async () => {
    // 23:30 UTC on 4 March is already 5 March in Paris.
    const late = buildRow({ lastActivityAt: '2025-03-04T23:30:00.000Z' });
    renderApp({ path: '/messages', mocks: [meMock(buildUser()), listMock([late]), quiet] });

    const row = await screen.findByRole('link', { name: /Paul Martin/ });
    expect(within(row).getByText('5 mars')).toBeInTheDocument();
  });

  it('should show "Aucune conversation" with the hint for an empty list', async () => {
    renderApp({ path: '/messages', mocks: [meMock(buildUser()), listMock([]), quiet] });

    expect(await screen.findByText('Aucune conversation')).toBeInTheDocument();
    expect(
      screen.getByText('Contactez un propriétaire depuis une annonce pour démarrer une conversation.'),
    ).toBeInTheDocument();
  });

  it('should mark a conversation whose thread warns its reader, and only that one', async () => {
    const flagged = buildRow({ id: '6', unreadCount: 0, propertyTitle: 'Maison à Sceaux', warned: true });
    renderApp({ path: '/messages', mocks: [meMock(buildUser()), listMock([buildRow(), flagged]), quiet] });
    const rows = await screen.findAllByRole('link', { name: /Paul Martin/ });
    expect(rows).toHaveLength(2);
    const marked = rows.filter((r) => r.textContent?.includes("Prudence : lisez l'avertissement"));
    expect(marked.map((r) => r.getAttribute('href'))).toEqual(['/messages/6']);
  });

  it('should filter by name or listing and give the search hint when nothing matches', async () => {
    const user = userEvent.setup();
    const other = buildRow({
      id: '6',
      unreadCount: 0,
      propertyTitle: 'Maison à Sceaux',
      participant: { ...paul, id: '3', username: 'helene', firstName: 'Hélène', lastName: 'Dubois' },
    });
    renderApp({ path: '/messages', mocks: [meMock(buildUser()), listMock([buildRow(), other]), quiet] });

    const search = await screen.findByRole('searchbox', { name: 'Rechercher une conversation' });
    await screen.findByRole('link', { name: /Paul Martin/ });
    await user.type(search, 'helene');
    expect(screen.getByRole('link', { name: /Hélène Dubois/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Paul Martin/ })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'lumineux');
    expect(screen.getByRole('link', { name: /Paul Martin/ })).toBeInTheDocument();

    await user.type(search, ' zzz');
    expect(screen.getByText('Aucune conversation')).toBeInTheDocument();
    expect(screen.getByText('Aucune conversation ne correspond à votre recherche.')).toBeInTheDocument();
  });

  it('should show the load error', async () => {
    renderApp({
      path: '/messages',
      mocks: [
        meMock(buildUser()),
        { request: { query: ConversationsDocument }, result: errorResult('Boom', 'INTERNAL_SERVER_ERROR') },
        quiet,
      ],
    });

    expect(await screen.findByText('Impossible de charger les conversations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('should list a conversation started from a listing after the list was loaded', async () => {
    const user = userEvent.setup();
    const started = buildRow({ id: '42', unreadCount: 0, propertyTitle: 'Loft Belleville' });
    const { router } = renderApp({
      path: '/messages',
      mocks: [
        meMock(buildUser()),
        listMock([buildRow()]),
        quiet,
        {
          request: { query: PropertyDetailDocument, variables: { id: '10' } },
          result: { data: { property: buildPropertyDetail() } },
        },
        favoritesMock([]),
        {
          request: { query: RecordViewDocument, variables: { propertyId: '10' } },
          result: {
            data: {
              recordView: {
                __typename: 'HistoryEntry',
                id: 'e10',
                isViewed: true,
                viewedAt: '2025-06-01T10:00:00.000Z',
                propertyId: '10',
                source: null,
              },
            },
          },
        },
        meMock(buildUser()),
        {
          request: { query: StartPropertyConversationDocument, variables: { otherUserId: '2', propertyId: '10' } },
          result: { data: { startConversation: { __typename: 'ConversationSummary', id: '42' } } },
        },
        listMock([started, buildRow()]),
        quiet,
      ],
    });
    await screen.findByRole('link', { name: /Paul Martin/ });

    await act(() => router.navigate('/property/10'));
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/42'));
    await act(() => router.navigate('/messages'));

    expect(await screen.findByText('Loft Belleville')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Paul Martin/ })).toHaveLength(2);
  }, 15_000);

  it('should move a row to the top with its new unread count when conversationUpdated arrives', async () => {
    const older = buildRow({
      id: '7',
      unreadCount: 0,
      lastActivityAt: '2025-03-01T10:00:00.000Z',
      propertyTitle: 'Studio',
    });
    renderApp({
      path: '/messages',
      mocks: [
        meMock(buildUser()),
        listMock([buildRow({ unreadCount: 0 }), older]),
        {
          request: { query: ConversationUpdatedDocument },
          result: {
            data: {
              conversationUpdated: {
                __typename: 'ConversationUpdate',
                conversation: { ...older, unreadCount: 1, lastActivityAt: '2025-03-05T08:00:00.000Z' },
                unreadMessageCount: 1,
              },
            },
          },
          delay: 50,
        },
      ],
    });

    await screen.findByText('Studio');
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /Paul Martin/ })[0]).toHaveAttribute('href', '/messages/7'),
    );
    expect(screen.getAllByRole('link', { name: /Paul Martin/ })[0]).toHaveTextContent('1 message(s) non lu(s)');
  });
});
