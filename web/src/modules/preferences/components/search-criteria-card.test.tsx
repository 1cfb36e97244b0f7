import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '../../../components/toaster/toaster';
import { SavePreferencesDocument } from '../../../gql/graphql';
import { buildUser, meMock } from '../../../test/factories';
import { preferencesMock } from '../../properties/testing/factories';
import { SearchCriteriaCard } from './search-criteria-card';

function renderCard(mocks: MockLink.MockedResponse[]) {
  return render(
    <MemoryRouter>
      <MockedProvider mocks={mocks} mockLinkDefaultOptions={{ delay: 0 }}>
        <>
          <SearchCriteriaCard />
          <Toaster />
        </>
      </MockedProvider>
    </MemoryRouter>,
  );
}

const saved = {
  propertyStatus: 'rent',
  propertyType: 'house',
  radius: 3.5,
  priceMin: null,
  priceMax: 1500,
  sizeMin: null,
  sizeMax: null,
  bedrooms: [2, 5],
  roomsMin: 3,
  bathrooms: [],
  features: ['garden'],
  zone: null,
  energyMax: null,
};

const saveMock = (result: MockLink.MockedResponse['result']): MockLink.MockedResponse => ({
  request: { query: SavePreferencesDocument, variables: { searchFilters: saved } },
  result,
});

async function openEditor() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Modifier' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Critères de recherche' }) };
}

async function fillEditor(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText('Rayon de découverte'), { target: { value: '3.5' } });
  await user.click(within(dialog).getByRole('radio', { name: 'Location' }));
  await user.click(within(dialog).getByRole('radio', { name: 'Maison' }));
  fireEvent.change(within(dialog).getByLabelText('Maximum'), { target: { value: '1500' } });
  const bedrooms = within(dialog).getByRole('group', { name: 'Chambres' });
  await user.click(within(bedrooms).getByRole('checkbox', { name: '2' }));
  await user.click(within(bedrooms).getByRole('checkbox', { name: '5+' }));
  const rooms = within(dialog).getByRole('group', { name: 'Pièces min.' });
  expect(within(rooms).getByRole('radio', { name: 'Indifférent' })).toBeChecked();
  await user.click(within(rooms).getByRole('radio', { name: '3+' }));
  await user.click(within(dialog).getByRole('checkbox', { name: 'Jardin' }));
}

describe('search criteria', () => {
  it('should offer the slider ranges, the price range following the status', async () => {
    renderCard([meMock(buildUser()), preferencesMock()]);
    const { user, dialog } = await openEditor();

    const radius = within(dialog).getByLabelText('Rayon de découverte');
    expect(radius).toHaveAttribute('min', '0.5');
    expect(radius).toHaveAttribute('max', '5');
    expect(radius).toHaveAttribute('step', '0.5');
    expect(radius).toHaveValue('2');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual([
      'Tous',
      'Vente',
      'Location',
      'Tous',
      'Appartement',
      'Maison',
      'Villa',
      'Indifférent',
      '2+',
      '3+',
      '4+',
      '5+',
      'Indifférent',
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
    ]);
    const priceMin = () => within(dialog).getByLabelText('Minimum');
    expect([priceMin().getAttribute('min'), priceMin().getAttribute('max'), priceMin().getAttribute('step')]).toEqual([
      '50000',
      '1500000',
      '10000',
    ]);
    await user.click(within(dialog).getByRole('radio', { name: 'Location' }));
    expect([priceMin().getAttribute('min'), priceMin().getAttribute('max'), priceMin().getAttribute('step')]).toEqual([
      '300',
      '5000',
      '100',
    ]);
    expect(within(dialog).getByText('Loyer mensuel')).toBeInTheDocument();
    const sizeMin = within(dialog).getByLabelText('Surface minimum');
    expect([sizeMin.getAttribute('min'), sizeMin.getAttribute('max'), sizeMin.getAttribute('step')]).toEqual([
      '10',
      '300',
      '5',
    ]);
    expect(sizeMin).toHaveValue('20');
    const sizeMax = within(dialog).getByLabelText('Surface maximum');
    expect([sizeMax.getAttribute('min'), sizeMax.getAttribute('max'), sizeMax.getAttribute('step')]).toEqual([
      '20',
      '500',
      '10',
    ]);
    expect(sizeMax).toHaveValue('200');
    const group = (legend: string) => within(dialog).getByRole('group', { name: legend });
    expect(
      within(group('Chambres'))
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['1', '2', '3', '4', '5+']);
    expect(
      within(group('Salles de bain'))
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['1', '2', '3', '4+']);
    expect(
      within(group('Équipements'))
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['Balcon', 'Terrasse', 'Parking', 'Ascenseur', 'Jardin', 'Piscine']);
  });

  it('should save to the server and to local storage, then show the new criteria', async () => {
    renderCard([
      meMock(buildUser()),
      preferencesMock(),
      saveMock({
        data: {
          savePreferences: { __typename: 'Preferences', searchFilters: { __typename: 'SearchFilters', ...saved } },
        },
      }),
    ]);
    const { user, dialog } = await openEditor();

    await fillEditor(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Critères enregistrés')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(window.localStorage.getItem('searchFilters:1')!)).toEqual(saved);
    expect(screen.getByText('3,5 km')).toBeInTheDocument();
    expect(screen.getByText('Location · Maison')).toBeInTheDocument();
    expect(screen.getByText('Jardin')).toBeInTheDocument();
    expect(screen.getByText('3 pièces et plus')).toBeInTheDocument();
  });

  it('should save the sliders left at their shown defaults as "no limit", not as their values', async () => {
    const onlyRadius = {
      ...saved,
      propertyStatus: 'all',
      propertyType: 'all',
      priceMax: null,
      bedrooms: [],
      roomsMin: null,
    };
    const filters = { ...onlyRadius, features: [] };
    renderCard([
      meMock(buildUser()),
      preferencesMock(),
      {
        request: { query: SavePreferencesDocument, variables: { searchFilters: filters } },
        result: {
          data: {
            savePreferences: { __typename: 'Preferences', searchFilters: { __typename: 'SearchFilters', ...filters } },
          },
        },
      },
    ]);
    const { user, dialog } = await openEditor();
    expect(within(dialog).getByLabelText('Surface minimum')).toHaveValue('20');
    expect(within(dialog).getByLabelText('Surface maximum')).toHaveValue('200');
    expect(within(dialog).getByLabelText('Surface minimum')).toHaveAttribute('aria-valuetext', 'Sans minimum');
    expect(within(dialog).getByLabelText('Surface maximum')).toHaveAttribute('aria-valuetext', 'Sans maximum');

    fireEvent.change(within(dialog).getByLabelText('Rayon de découverte'), { target: { value: '3.5' } });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Critères enregistrés')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('searchFilters:1')!)).toEqual(
      expect.objectContaining({ sizeMin: null, sizeMax: null, priceMin: null, priceMax: null }),
    );
  });

  it('should save a moved size slider as a limit', async () => {
    const filters = {
      ...saved,
      propertyStatus: 'all',
      propertyType: 'all',
      priceMax: null,
      bedrooms: [],
      roomsMin: null,
      features: [],
    };
    const withSize = { ...filters, radius: 2, sizeMin: 35, sizeMax: null };
    renderCard([
      meMock(buildUser()),
      preferencesMock(),
      {
        request: { query: SavePreferencesDocument, variables: { searchFilters: withSize } },
        result: {
          data: {
            savePreferences: { __typename: 'Preferences', searchFilters: { __typename: 'SearchFilters', ...withSize } },
          },
        },
      },
    ]);
    const { user, dialog } = await openEditor();

    fireEvent.change(within(dialog).getByLabelText('Surface minimum'), { target: { value: '35' } });
    expect(within(dialog).getByText('35 m²')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Critères enregistrés')).toBeInTheDocument();
    expect(screen.getByText('À partir de 35 m²')).toBeInTheDocument();
  });

  it('should keep the editor open and say so when saving fails', async () => {
    renderCard([meMock(buildUser()), preferencesMock(), saveMock({ errors: [{ message: 'Boom' }] })]);
    const { user, dialog } = await openEditor();

    await fillEditor(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    const toast = (await screen.findByText('Impossible de sauvegarder vos préférences. Veuillez réessayer.')).closest(
      'li',
    )!;
    expect(toast).toHaveTextContent('Erreur');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(window.localStorage.getItem('searchFilters:1')).not.toContain('garden');
  });

  it("should show the copy kept on this device until the server's criteria arrive, then those", async () => {
    window.localStorage.setItem('searchFilters:1', JSON.stringify(saved));
    renderCard([meMock(buildUser()), { ...preferencesMock({ radius: 5 }), delay: 300 }]);

    // The copy is parsed by the shared schema, loaded apart from the card.
    expect(await screen.findByText('Location · Maison')).toBeInTheDocument();
    expect(screen.getByText('3,5 km')).toBeInTheDocument();
    expect(await screen.findByText('5 km')).toBeInTheDocument();
    expect(screen.getByText('Vente et location · tous types')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('searchFilters:1')!)).toMatchObject({ radius: 5, features: [] });
  });

  it('should not show a copy on this device that is not valid criteria', async () => {
    window.localStorage.setItem('searchFilters:1', JSON.stringify({ ...saved, features: 'garden' }));
    renderCard([meMock(buildUser()), { ...preferencesMock(), delay: 60_000 }]);
    await screen.findByRole('button', { name: 'Modifier' });
    await act(async () => {
      await import('../lib/parse-search-filters');
    });

    expect(screen.getByText('2 km')).toBeInTheDocument();
    expect(screen.getByText('Vente et location · tous types')).toBeInTheDocument();
    expect(screen.queryByText('Location · Maison')).not.toBeInTheDocument();
  });

  it('should offer a « Connectez-vous » link to /auth when signed out', async () => {
    renderCard([meMock(null)]);

    expect(await screen.findByRole('link', { name: 'Connectez-vous' })).toHaveAttribute('href', '/auth');
  });

  it('should keep the criteria of a signed-out visitor on this device and show them', async () => {
    renderCard([meMock(null)]);
    const { user, dialog } = await openEditor();

    await fillEditor(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    const toast = (await screen.findByText('Critères gardés sur cet appareil')).closest('li')!;
    expect(toast).toHaveTextContent('Ils seront enregistrés dans votre compte dès votre inscription.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('searchFilters:guest')!)).toEqual(saved);
    expect(screen.getByText('Location · Maison')).toBeInTheDocument();
  });
});
