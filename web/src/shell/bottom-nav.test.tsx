import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DashboardUnreadMessageCountDocument, UnreadMessagesUpdatedDocument } from '../gql/graphql';
import { buildUser, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';
import { navItems } from '../components/bottom-nav-items';

function activeEntries(pathname: string): string[] {
  return navItems('marie')
    .filter((item) => item.isActive(pathname))
    .map((item) => item.label);
}

describe('bottom navigation', () => {
  it('should list the six entries of the spec in order', () => {
    expect(navItems(null).map((i) => [i.label, i.to])).toEqual([
      ['Accueil', '/dashboard'],
      ['Découvertes', '/history'],
      ['Favoris', '/favorites'],
      ['Mes annonces', '/my-properties'],
      ['Messages', '/messages'],
      ['Profil', '/auth'],
    ]);
  });

  it.each([
    ['/dashboard', ['Accueil']],
    ['/history', ['Découvertes']],
    ['/favorites', ['Favoris']],
    ['/my-properties', ['Mes annonces']],
    ['/messages', ['Messages']],
    ['/messages/12', ['Messages']],
    ['/profile', ['Profil']],
    ['/profile/paul', ['Profil']],
    ['/auth', ['Profil']],
    ['/property/3', []],
    ['/nowhere', []],
  ])('should highlight the right entry on %s', (pathname, expected) => {
    expect(activeEntries(pathname)).toEqual(expected);
  });

  it('should point Profil to the user profile and mark the current page when signed in', async () => {
    renderApp({ path: '/messages/5', mocks: [meMock(buildUser())] });

    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(await within(nav).findByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/profile/marie');
    expect(within(nav).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Accueil' })).not.toHaveAttribute('aria-current');
  });

  it('should point Profil to /auth and highlight it there when signed out', async () => {
    renderApp({ path: '/auth', mocks: [meMock(null)] });

    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    const profile = within(nav).getByRole('link', { name: 'Profil' });
    expect(profile).toHaveAttribute('href', '/auth');
    expect(profile).toHaveAttribute('aria-current', 'page');
  });

  describe('unread messages', () => {
    const unread = (count: number) => ({
      request: { query: DashboardUnreadMessageCountDocument },
      result: { data: { unreadMessageCount: count } },
    });
    const update = (conversationId: string, unreadCount: number, total: number, delay = 150) => ({
      request: { query: UnreadMessagesUpdatedDocument },
      result: {
        data: {
          conversationUpdated: {
            __typename: 'ConversationUpdate',
            conversation: {
              __typename: 'ConversationSummary',
              id: conversationId,
              unreadCount,
              propertyTitle: 'Studio lumineux',
              participant: {
                __typename: 'PublicUser',
                id: '2',
                username: 'paul',
                firstName: 'Paul',
                lastName: 'Martin',
              },
            },
            unreadMessageCount: total,
          },
        },
      },
      delay,
    });

    it('should show the unread count on Messages with an accessible label and follow it live', async () => {
      renderApp({ path: '/favorites', mocks: [meMock(buildUser()), unread(1), update('7', 2, 3)] });

      const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
      expect(await within(nav).findByRole('link', { name: 'Messages, 1 non lu' })).toHaveAttribute('href', '/messages');
      expect(await within(nav).findByRole('link', { name: 'Messages, 3 non lus' })).toHaveTextContent('3');
    });

    it('should toast a message arriving elsewhere with the sender and « Voir » opening the conversation', async () => {
      const user = userEvent.setup();
      const { router } = renderApp({ path: '/favorites', mocks: [meMock(buildUser()), unread(0), update('7', 1, 1)] });

      const toast = (await screen.findByText('Nouveau message de Paul Martin')).closest('li')!;
      expect(toast).toHaveTextContent('Studio lumineux');
      await user.click(within(toast).getByRole('button', { name: 'Voir' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/messages/7'));
    });

    it('should not toast a message of the conversation on screen', async () => {
      renderApp({ path: '/messages/7', mocks: [meMock(buildUser()), unread(0), update('7', 1, 1, 50)] });

      const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
      await within(nav).findByRole('link', { name: 'Messages, 1 non lu' });
      expect(screen.queryByText('Nouveau message de Paul Martin')).not.toBeInTheDocument();
    });
  });
});
