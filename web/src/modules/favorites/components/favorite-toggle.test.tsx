import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../components/toaster/toaster';
import { AddFavoriteDocument, RemoveFavoriteDocument } from '../../../gql/graphql';
import { buildUser, errorResult, meMock } from '../../../test/factories';
import { buildFavorite, buildProperty, favoritesMock } from '../../properties/testing/factories';
import { FavoriteToggle } from './favorite-toggle';

function renderToggle(mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks} mockLinkDefaultOptions={{ delay: 0 }}>
      <>
        <FavoriteToggle property={buildProperty()} />
        <Toaster />
      </>
    </MockedProvider>,
  );
}

function toastWith(title: string) {
  return screen.findByText(title).then((el) => el.closest('li')!);
}

describe('favourite toggle', () => {
  it('should flip at once, stay disabled while busy, then revert with the error toast when adding fails', async () => {
    const user = userEvent.setup();
    renderToggle([
      meMock(buildUser()),
      favoritesMock([]),
      {
        request: { query: AddFavoriteDocument, variables: { propertyId: '10' } },
        error: new Error('réseau'),
        delay: 30,
      },
    ]);
    const button = await screen.findByRole('button', { name: 'Ajouter aux favoris' });
    await waitFor(() => expect(button).toBeEnabled());

    await user.click(button);

    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toBeDisabled();
    const toast = await toastWith('Erreur');
    expect(within(toast).getByText('Une erreur est survenue lors de la modification des favoris')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toBeEnabled();
    expect(button).toHaveAccessibleName('Ajouter aux favoris');
  });

  it('should revert to "favourite" when removing fails on the server', async () => {
    const user = userEvent.setup();
    renderToggle([
      meMock(buildUser()),
      favoritesMock([buildFavorite()]),
      {
        request: { query: RemoveFavoriteDocument, variables: { propertyId: '10' } },
        result: errorResult('Erreur interne', 'INTERNAL_SERVER_ERROR'),
      },
    ]);
    const button = await screen.findByRole('button', { name: 'Retirer des favoris' });
    expect(button).toHaveAttribute('aria-pressed', 'true');

    await user.click(button);

    expect(await toastWith('Erreur')).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
  });

  it('should confirm an added favourite', async () => {
    const user = userEvent.setup();
    renderToggle([
      meMock(buildUser()),
      favoritesMock([]),
      {
        request: { query: AddFavoriteDocument, variables: { propertyId: '10' } },
        result: { data: { addFavorite: buildFavorite() } },
      },
    ]);
    const button = await screen.findByRole('button', { name: 'Ajouter aux favoris' });

    await user.click(button);

    const toast = await toastWith('Ajouté aux favoris');
    expect(within(toast).getByText('La propriété a été ajoutée à vos favoris')).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toHaveAccessibleName('Retirer des favoris');
  });

  it('should confirm a removed favourite', async () => {
    const user = userEvent.setup();
    renderToggle([
      meMock(buildUser()),
      favoritesMock([buildFavorite()]),
      {
        request: { query: RemoveFavoriteDocument, variables: { propertyId: '10' } },
        result: { data: { removeFavorite: true } },
      },
    ]);

    await user.click(await screen.findByRole('button', { name: 'Retirer des favoris' }));

    const toast = await toastWith('Retiré des favoris');
    expect(within(toast).getByText('La propriété a été retirée de vos favoris')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('should ask to sign in, without calling the server, when signed out', async () => {
    const user = userEvent.setup();
    renderToggle([meMock(null)]);

    await user.click(await screen.findByRole('button', { name: 'Ajouter aux favoris' }));

    const toast = await toastWith('Authentification requise');
    expect(within(toast).getByText('Veuillez vous connecter pour ajouter des favoris')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute('aria-pressed', 'false');
  });
});
