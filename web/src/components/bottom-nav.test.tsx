import { screen, within } from '@testing-library/react';
import { buildUser, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';
import { navItems } from './bottom-nav-items';

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
});
