import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCache } from '../apollo/cache';
import { DiscoveryAddedDocument, HistoryDocument, PropertyDetailDocument, RecordViewDocument } from '../gql/graphql';
import {
  buildHistoryItem,
  buildPropertyDetail,
  favoritesMock,
  historyMock,
  preferencesMock,
} from '../modules/properties/testing/factories';
import { lastMapProps } from '../modules/map/testing/react-map-gl.mock';
import { buildUser, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

// The first test of a file also compiles the lazily loaded screen: give it time on a cold cache.

const items = [
  buildHistoryItem(
    { id: 'e1', viewedAt: '2025-01-05T13:30:00.000Z', isViewed: true },
    {
      id: '1',
      title: 'Studio Bastille',
      isRental: true,
      price: 950,
      city: 'Paris',
      postalCode: '75011',
      size: 18,
      rooms: 1,
    },
  ),
  buildHistoryItem(
    { id: 'e2', viewedAt: '2025-07-14T10:05:00.000Z' },
    { id: '2', title: 'Maison Montreuil', price: 520000, city: 'Montreuil', postalCode: '93100', size: 110, rooms: 5 },
  ),
  buildHistoryItem(
    { id: 'e3', viewedAt: '2025-03-01T09:00:00.000Z' },
    { id: '3', title: 'Loft Belleville', price: 610000 },
  ),
];

function renderHistory(path = '/history', list = items) {
  return renderApp({
    path,
    mocks: [
      meMock(buildUser()),
      historyMock(list),
      favoritesMock([]),
      { request: { query: DiscoveryAddedDocument }, delay: Infinity },
    ],
  });
}

const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('history (Découvertes)', () => {
  it('should mark a discovery from a panel « Panneau », and no other', async () => {
    renderHistory('/history', [
      buildHistoryItem({ id: 'e8', source: 'panel' }, { id: '8', title: 'Atelier Oberkampf' }),
      buildHistoryItem({ id: 'e9', source: 'walk' }, { id: '9', title: 'Duplex Nation' }),
      buildHistoryItem({ id: 'e7', source: null, isViewed: true }, { id: '7', title: 'Studio Charonne' }),
    ]);

    const card = (title: string) => screen.getByRole('heading', { name: title }).closest('article')!;
    await screen.findByText('3 découvertes');
    expect(within(card('Atelier Oberkampf')).getByText('Panneau')).toBeInTheDocument();
    expect(within(card('Duplex Nation')).queryByText('Panneau')).not.toBeInTheDocument();
    expect(within(card('Studio Charonne')).queryByText('Panneau')).not.toBeInTheDocument();
  });

  it("should badge a card with the market's position where the data is solid, a sale's and a rental's", async () => {
    renderHistory('/history', [
      buildHistoryItem({ id: 'e4' }, { id: '4', title: 'Deux-pièces Voltaire', marketPosition: 'within' }),
      buildHistoryItem({ id: 'e5' }, { id: '5', title: 'Studio Charonne', isRental: true, marketPosition: 'above' }),
      buildHistoryItem({ id: 'e6' }, { id: '6', title: 'Maison Bagnolet', marketPosition: null }),
    ]);

    const card = (title: string) => screen.getByRole('heading', { name: title }).closest('article')!;
    await screen.findByText('3 découvertes');
    expect(within(card('Deux-pièces Voltaire')).getByText('Dans le prix du quartier')).toBeInTheDocument();
    expect(within(card('Studio Charonne')).getByText('Loyer au-dessus de la commune')).toBeInTheDocument();
    expect(card('Maison Bagnolet').querySelector('.badge--market')).toBeNull();
  });

  it('should name the other publishers of the same home under its card, « Aussi publiée par … », and only there', async () => {
    const publisher = (name: string, isAgency: boolean, propertyId: string) => ({
      __typename: 'Publisher' as const,
      name,
      isAgency,
      propertyId,
    });
    renderHistory('/history', [
      buildHistoryItem(
        { id: 'e4' },
        {
          id: '4',
          title: 'Deux-pièces Voltaire',
          alsoPublishedBy: [publisher('Agence du Marais', true, '14'), publisher('Léa', false, '15')],
        },
      ),
      buildHistoryItem(
        { id: 'e5' },
        { id: '5', title: 'Studio Charonne', alsoPublishedBy: [publisher('Marc', false, '16')] },
      ),
      buildHistoryItem({ id: 'e6' }, { id: '6', title: 'Maison Bagnolet' }),
    ]);

    const card = (title: string) => screen.getByRole('heading', { name: title }).closest('article')!;
    await screen.findByText('3 découvertes');
    expect(
      within(card('Deux-pièces Voltaire')).getByText('Aussi publiée par Agence du Marais et Léa'),
    ).toBeInTheDocument();
    expect(within(card('Studio Charonne')).getByText('Aussi publiée par Marc')).toBeInTheDocument();
    expect(within(card('Maison Bagnolet')).queryByText(/Aussi publiée par/)).not.toBeInTheDocument();
  });

  it('should list every discovery newest first with its card details', async () => {
    renderHistory();

    expect(await screen.findByText('3 découvertes')).toBeInTheDocument();
    expect(titles()).toEqual(['Maison Montreuil', 'Loft Belleville', 'Studio Bastille']);
    const studio = screen.getByRole('link', { name: 'Studio Bastille' }).closest('article')!;
    expect(within(studio).getByText('Location')).toBeInTheDocument();
    expect(within(studio).getByText('Déjà vu')).toBeInTheDocument();
    expect(within(studio).getByText('950 €/mois')).toBeInTheDocument();
    expect(within(studio).getByText('5 janv. 14:30')).toBeInTheDocument();
    expect(within(studio).getByText('12 rue des Archives, Paris')).toBeInTheDocument();
    expect(within(studio).getByText('18 m² · Studio · Paris 11e')).toBeInTheDocument();
    expect(studio.querySelector('img')).toHaveAttribute('src', '/uploads/listings/a-thumb.webp');
    const maison = screen.getByRole('link', { name: 'Maison Montreuil' }).closest('article')!;
    expect(within(maison).getByText('Vente')).toBeInTheDocument();
    expect(within(maison).getByText('Nouveau')).toBeInTheDocument();
    expect(within(maison).getByText('520 000 €')).toBeInTheDocument();
    expect(within(maison).getByText('110 m² · 5 p. · Montreuil')).toBeInTheDocument();
    expect(within(maison).getByText('14 juil. 12:05')).toBeInTheDocument();
    expect(within(maison).getByRole('button', { name: 'Ajouter aux favoris' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maison Montreuil' })).toHaveAttribute('href', '/property/2');
  });

  it("should fetch the first card's photo at once, with a high priority, and the others lazily", async () => {
    renderHistory();

    await screen.findByText('3 découvertes');
    const [first, ...others] = screen.getAllByRole('article').map((card) => card.querySelector('img')!);
    expect(first.closest('article')).toHaveTextContent('Maison Montreuil');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(others).toHaveLength(2);
    for (const img of others) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).not.toHaveAttribute('fetchpriority');
    }
  });

  it('should load card photos lazily, the 400 px width first, larger ones from the srcset', async () => {
    renderHistory();

    const card = (await screen.findByRole('link', { name: 'Studio Bastille' })).closest('article')!;
    const img = card.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('src', '/uploads/listings/a-thumb.webp');
    expect(img.getAttribute('srcset')).toMatch(/^\/uploads\/listings\/a-thumb\.webp 400w, .+ 800w, .+ 1600w$/);
    expect(img).toHaveAttribute('sizes', '6.5rem');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('should show an opened « Nouveau » card as « Déjà vu » when coming back to the list', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/history',
      // The app's own cache: the view is written into the cached list, as in the browser.
      cache: createCache(),
      mocks: [
        meMock(buildUser()),
        historyMock(items),
        favoritesMock([]),
        { request: { query: DiscoveryAddedDocument }, delay: Infinity },
        {
          request: { query: PropertyDetailDocument, variables: { id: '2' } },
          result: { data: { property: buildPropertyDetail({ id: '2', title: 'Maison Montreuil', price: 520000 }) } },
        },
        {
          request: { query: RecordViewDocument, variables: { propertyId: '2' } },
          result: {
            data: {
              recordView: {
                __typename: 'HistoryEntry',
                id: 'e2',
                isViewed: true,
                viewedAt: '2025-07-14T10:05:00.000Z',
                propertyId: '2',
                source: null,
              },
            },
          },
        },
        favoritesMock([]),
        { request: { query: DiscoveryAddedDocument }, delay: Infinity },
      ],
    });
    await screen.findByText('3 découvertes');

    await user.click(screen.getByRole('link', { name: 'Maison Montreuil' }));
    expect(await screen.findByRole('button', { name: 'Message' })).toBeInTheDocument();
    // Let the view be recorded before leaving.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    await user.click(screen.getByRole('link', { name: 'Découvertes' }));
    expect(await screen.findByText('3 découvertes')).toBeInTheDocument();
    const maison = screen.getByRole('link', { name: 'Maison Montreuil' }).closest('article')!;
    expect(within(maison).getByText('Déjà vu')).toBeInTheDocument();
    expect(titles()).toEqual(['Maison Montreuil', 'Loft Belleville', 'Studio Bastille']);
  });

  it('should sort by price and filter by status and type, with removable chips and a reset', async () => {
    const user = userEvent.setup();
    const { router } = renderHistory();
    await screen.findByText('3 découvertes');

    await user.selectOptions(screen.getByLabelText('Trier'), 'Prix croissant');
    expect(titles()).toEqual(['Studio Bastille', 'Maison Montreuil', 'Loft Belleville']);

    await user.selectOptions(screen.getByLabelText('Type'), 'Vente');
    expect(titles()).toEqual(['Maison Montreuil', 'Loft Belleville']);
    expect(screen.getByText('2 découvertes')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=price-asc&type=buy');

    await user.selectOptions(screen.getByLabelText('Statut'), 'Déjà vu');
    expect(screen.getByRole('heading', { name: 'Aucun résultat' })).toBeInTheDocument();
    expect(screen.getByText('0 découverte')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retirer le filtre Vente' }));
    expect(titles()).toEqual(['Studio Bastille']);

    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(titles()).toEqual(['Maison Montreuil', 'Loft Belleville', 'Studio Bastille']);
    expect(router.state.location.search).toBe('');
  });

  it('should call sales « Vente » in the type filter, like the badges and the criteria', async () => {
    renderHistory();
    await screen.findByText('3 découvertes');

    const options = within(screen.getByLabelText('Type')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Tous', 'Vente', 'Location']);
  });

  it('should filter by price with a slider whose range follows the type, and a removable chip', async () => {
    const user = userEvent.setup();
    const { router } = renderHistory();
    await screen.findByText('3 découvertes');

    const maximum = () => screen.getByLabelText('Prix maximum');
    const attrs = (el: HTMLElement) => ['min', 'max', 'step'].map((a) => el.getAttribute(a));
    expect(attrs(maximum())).toEqual(['50000', '1500000', '10000']);
    expect(attrs(screen.getByLabelText('Prix minimum'))).toEqual(['50000', '1500000', '10000']);
    expect(maximum()).toHaveAttribute('aria-valuetext', 'Sans maximum');

    fireEvent.change(maximum(), { target: { value: '550000' } });
    expect(titles()).toEqual(['Maison Montreuil', 'Studio Bastille']);
    expect(router.state.location.search).toBe('?priceMax=550000');
    const chip = screen.getByRole('button', { name: /^Retirer le filtre Jusqu'à 550.000.€$/ });

    await user.click(chip);
    expect(titles()).toEqual(['Maison Montreuil', 'Loft Belleville', 'Studio Bastille']);
    expect(router.state.location.search).toBe('');

    fireEvent.change(screen.getByLabelText('Prix minimum'), { target: { value: '600000' } });
    expect(titles()).toEqual(['Loft Belleville']);
    await user.selectOptions(screen.getByLabelText('Type'), 'Location');
    expect(attrs(maximum())).toEqual(['300', '5000', '100']);
    expect(titles()).toEqual(['Studio Bastille']);
    fireEvent.change(maximum(), { target: { value: '900' } });
    expect(screen.getByRole('heading', { name: 'Aucun résultat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Retirer le filtre Jusqu'à 900.€\/mois$/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(titles()).toEqual(['Maison Montreuil', 'Loft Belleville', 'Studio Bastille']);
    expect(router.state.location.search).toBe('');
  });

  it('should read rents on the price slider under « Tous » when every discovery is a rental', async () => {
    const rentals = [
      items[0],
      buildHistoryItem(
        { id: 'e4', viewedAt: '2025-02-01T09:00:00.000Z' },
        { id: '4', title: 'T2 Oberkampf', isRental: true, price: 1400 },
      ),
    ];
    const { router } = renderHistory('/history?priceMax=1200', rentals);
    await screen.findByText('1 découverte');

    const maximum = screen.getByLabelText('Prix maximum');
    expect(['min', 'max', 'step'].map((a) => maximum.getAttribute(a))).toEqual(['300', '5000', '100']);
    expect(maximum.getAttribute('aria-valuetext')).toMatch(/^1.200.€\/mois$/);
    expect(titles()).toEqual(['Studio Bastille']);
    expect(screen.getByRole('button', { name: /^Retirer le filtre Jusqu'à 1.200.€\/mois$/ })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Prix minimum'), { target: { value: '1000' } });
    expect(router.state.location.search).toBe('?priceMax=1200&priceMin=1000');
    expect(screen.getByRole('heading', { name: 'Aucun résultat' })).toBeInTheDocument();
  });

  it('should read the view from the address', async () => {
    renderHistory('/history?status=not-viewed&sort=date-asc');

    expect(await screen.findByText('2 découvertes')).toBeInTheDocument();
    expect(titles()).toEqual(['Loft Belleville', 'Maison Montreuil']);
    expect(screen.getByRole('button', { name: 'Retirer le filtre Nouveau' })).toBeInTheDocument();
  });

  it('should say "Aucune découverte" when the history is empty', async () => {
    renderHistory('/history', []);

    expect(await screen.findByRole('heading', { name: 'Aucune découverte' })).toBeInTheDocument();
  });

  it('should say so when the history cannot be loaded', async () => {
    renderApp({
      path: '/history',
      mocks: [
        meMock(buildUser()),
        { request: { query: HistoryDocument, variables: {} }, error: new Error('réseau') },
        { request: { query: DiscoveryAddedDocument }, delay: Infinity },
      ],
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de la récupération des découvertes');
  });

  it('should show price markers on the map (purple rentals, blue sales, amber once viewed) with a popup', async () => {
    const user = userEvent.setup();
    const { router } = renderHistory();
    await screen.findByText('3 découvertes');

    await user.click(screen.getByRole('tab', { name: 'Carte' }));

    const rental = await screen.findByRole('button', { name: /^Studio Bastille, 950.€\/mois, déjà vu$/ });
    expect(rental).toHaveClass('price-marker--rent', 'price-marker--viewed');
    expect(rental).toHaveTextContent('950 €');
    const sale = screen.getByRole('button', { name: /^Maison Montreuil, 520.000.€$/ });
    expect(sale).toHaveClass('price-marker--sale');
    expect(sale).not.toHaveClass('price-marker--viewed');
    expect(sale).toHaveTextContent('520 k€');
    expect(router.state.location.search).toBe('?view=map');
    expect(lastMapProps.current?.initialViewState).toEqual(
      expect.objectContaining({ fitBoundsOptions: expect.objectContaining({ padding: 50 }) }),
    );

    await user.click(rental);
    const popup = screen.getByTestId('map-popup');
    expect(within(popup).getByText('Location')).toBeInTheDocument();
    expect(within(popup).getByText('Déjà vu')).toBeInTheDocument();
    expect(within(popup).getByText('Studio Bastille')).toBeInTheDocument();
    expect(within(popup).getByText('950 €/mois')).toBeInTheDocument();
    expect(within(popup).queryByText('Prix en baisse')).not.toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Voir les détails' }));
    expect(router.state.location.pathname).toBe('/property/1');
  });

  it('should show a price drop and « Vérifié sur place » in the map pop-up, as on the cards', async () => {
    const user = userEvent.setup();
    renderHistory('/history?view=map', [
      buildHistoryItem(
        { id: 'e5' },
        {
          id: '5',
          title: 'Trois-pièces Jourdain',
          isRental: true,
          price: 1200,
          formerPrice: 1350,
          verifiedOnSiteAt: '2026-10-02T08:00:00.000Z',
        },
      ),
    ]);

    await user.click(await screen.findByRole('button', { name: /^Trois-pièces Jourdain, / }));
    const popup = screen.getByTestId('map-popup');
    expect(within(popup).getByText('Prix en baisse')).toBeInTheDocument();
    expect(within(popup).getByText(/Vérifié sur place/)).toHaveTextContent('Vérifié sur place le 2 oct. 2026');
    expect(popup.querySelector('del')).toHaveTextContent(/1.350.€/);
  });

  it('should ask for the saved criteria with the map only, not with the list, and draw their zone on the map', async () => {
    const user = userEvent.setup();
    const zone = [
      { __typename: 'LatLng', latitude: 48.85, longitude: 2.34 },
      { __typename: 'LatLng', latitude: 48.86, longitude: 2.34 },
      { __typename: 'LatLng', latitude: 48.86, longitude: 2.36 },
    ];
    const preferences = preferencesMock({ zone });
    const answerPreferences = jest.fn(() => preferences.result as { data: Record<string, unknown> });
    renderApp({
      path: '/history',
      mocks: [
        meMock(buildUser()),
        historyMock(items),
        favoritesMock([]),
        { request: { query: DiscoveryAddedDocument }, delay: Infinity },
        { request: preferences.request, result: answerPreferences },
      ],
    });
    await screen.findByText('3 découvertes');
    expect(answerPreferences).not.toHaveBeenCalled();

    await user.click(screen.getByRole('tab', { name: 'Carte' }));

    expect(await screen.findByText('Zone dessinée affichée sur la carte (3 points)')).toBeInTheDocument();
    expect(screen.getByTestId('map-source')).toHaveAttribute('data-source-id', 'criteria-zone');
    expect(answerPreferences).toHaveBeenCalledTimes(1);
  });
});
