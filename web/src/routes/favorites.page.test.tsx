import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/toaster/toaster';
import { FavoritesDocument, RemoveFavoriteDocument } from '../gql/graphql';
import { buildFavorite, favoritesMock } from '../modules/properties/testing/factories';
import { buildUser, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

// The first test of a file also compiles the lazily loaded screen: give it time on a cold cache.
import FavoritesPage from './favorites.page';

describe('favourites', () => {
  it('should list the favourites with the history-style card', async () => {
    renderApp({
      path: '/favorites',
      mocks: [
        meMock(buildUser()),
        favoritesMock([
          buildFavorite({
            id: '3',
            title: 'Duplex Oberkampf',
            isRental: true,
            price: 1850,
            size: 54,
            rooms: 3,
            postalCode: '75001',
          }),
        ]),
      ],
    });

    const card = (await screen.findByRole('link', { name: 'Duplex Oberkampf' })).closest('article')!;
    expect(card).toHaveTextContent('1 850 €/mois');
    expect(within(card).getByText('Location')).toBeInTheDocument();
    expect(within(card).getByText('54 m² · 3 p. · Paris 1er')).toBeInTheDocument();
    expect(within(card).getByText('Ajouté le 20 mai')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Retirer des favoris' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('should mark a favourite whose price dropped « Prix en baisse », the former price struck through', async () => {
    renderApp({
      path: '/favorites',
      mocks: [
        meMock(buildUser()),
        favoritesMock([
          buildFavorite({ id: '4', title: 'Loft Canal', isRental: false, price: 399000, formerPrice: 420000 }),
          buildFavorite({ id: '5', title: 'Studio Nation', isRental: true, price: 700 }),
        ]),
      ],
    });

    const dropped = (await screen.findByRole('link', { name: 'Loft Canal' })).closest('article')!;
    expect(within(dropped).getByText('Prix en baisse')).toBeInTheDocument();
    expect(dropped.querySelector('del')).toHaveTextContent('420 000 €');
    expect(dropped.querySelector('.property-card__price')).toHaveTextContent(/^399 000 € au lieu de 420 000 €$/);
    const steady = screen.getByRole('link', { name: 'Studio Nation' }).closest('article')!;
    expect(within(steady).queryByText('Prix en baisse')).not.toBeInTheDocument();
    expect(steady.querySelector('del')).toBeNull();
  });

  it('should take a removed favourite off the list at once', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/favorites',
      mocks: [
        meMock(buildUser()),
        favoritesMock([buildFavorite()]),
        {
          request: { query: RemoveFavoriteDocument, variables: { propertyId: '10' } },
          result: { data: { removeFavorite: true } },
          delay: 50,
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Retirer des favoris' }));

    expect(await screen.findByRole('heading', { name: 'Aucun favori' })).toBeInTheDocument();
    expect(await screen.findByText('Retiré des favoris')).toBeInTheDocument();
  });

  it('should say "Aucun favori" when there is none', async () => {
    renderApp({ path: '/favorites', mocks: [meMock(buildUser()), favoritesMock([])] });

    expect(await screen.findByRole('heading', { name: 'Aucun favori' })).toBeInTheDocument();
  });

  it('should say so when the favourites cannot be loaded', async () => {
    renderApp({
      path: '/favorites',
      mocks: [meMock(buildUser()), { request: { query: FavoritesDocument }, error: new Error('réseau') }],
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Une erreur s'est produite lors du chargement des favoris.",
    );
  });

  it('should prompt a signed-out visitor to sign in, remembering the page', async () => {
    const router = createMemoryRouter([{ path: '/favorites', element: <FavoritesPage /> }], {
      initialEntries: ['/favorites'],
    });
    render(
      <MockedProvider mocks={[meMock(null)]} mockLinkDefaultOptions={{ delay: 0 }}>
        <>
          <RouterProvider router={router} />
          <Toaster />
        </>
      </MockedProvider>,
    );

    expect(await screen.findByRole('heading', { name: 'Connectez-vous pour voir vos favoris' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/auth');
  });
});
