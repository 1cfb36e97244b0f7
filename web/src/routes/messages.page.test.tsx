import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { ConversationsDocument, ConversationUpdatedDocument } from '../gql/graphql';
import { buildRow, paul, silentSubscription } from '../modules/conversations/conversations.fixtures';
import { buildUser, errorResult, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

// Screens load lazily and CI machines are slow: allow more than the 1 s default to find them.
beforeAll(() => import('./messages.page'));

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
    expect(
      within(row).getByText(format(new Date('2025-03-04T10:00:00.000Z'), 'd MMM', { locale: fr })),
    ).toBeInTheDocument();
    expect(row).toHaveTextContent('2 message(s) non lu(s)');
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Rechercher une conversation...')).toBeInTheDocument();
  });

  it('should show "Aucune conversation" with the hint for an empty list', async () => {
    renderApp({ path: '/messages', mocks: [meMock(buildUser()), listMock([]), quiet] });

    expect(await screen.findByText('Aucune conversation')).toBeInTheDocument();
    expect(
      screen.getByText('Contactez un propriétaire depuis une annonce pour démarrer une conversation.'),
    ).toBeInTheDocument();
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
