import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import {
  ExplorePropertiesDocument,
  GeocodeDocument,
  PassedAroundDocument,
  SavePreferencesDocument,
  type PropertyFilterInput,
} from '../gql/graphql';
import {
  buildProperty,
  preferencesMock,
  silentSubscriptions,
  unreadCountMock,
} from '../modules/properties/testing/factories';
import { buildUser, errorResult, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

// The map module is evaluated only when the map is first shown (a lazy chunk in the build): this flag records it.
const mapModule = { loaded: false };
jest.mock('../modules/map/components/explorer-map', () => {
  mapModule.loaded = true;
  return jest.requireActual('../modules/map/components/explorer-map');
});

const HERE = { latitude: 45.7578, longitude: 4.832 };
const getCurrentPosition = jest.fn();

beforeEach(() => {
  getCurrentPosition.mockReset();
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition, watchPosition: jest.fn(), clearWatch: jest.fn() },
  });
});

function locatedAt(at: { latitude: number; longitude: number }) {
  getCurrentPosition.mockImplementation((ok: PositionCallback) => ok({ coords: at } as GeolocationPosition));
}

function exploreMock(filter: PropertyFilterInput, nodes: ReturnType<typeof buildProperty>[]): MockLink.MockedResponse {
  return {
    request: { query: ExplorePropertiesDocument, variables: { filter, first: 30 } },
    result: {
      data: {
        properties: {
          __typename: 'PropertyConnection',
          nodes,
          pageInfo: { __typename: 'PageInfo', hasNextPage: false },
        },
      },
    },
  };
}

const ZONE = [
  { latitude: 45.75, longitude: 4.82 },
  { latitude: 45.77, longitude: 4.82 },
  { latitude: 45.77, longitude: 4.85 },
];

const near = (at: { latitude: number; longitude: number }, radiusKm = 2) => ({ near: { ...at, radiusKm } });

jest.setTimeout(30_000);

describe('Explorer les biens', () => {
  it('should list the listings around me with the saved criteria and the drawn zone, the map loaded on demand', async () => {
    const user = userEvent.setup();
    locatedAt(HERE);
    const dropped = buildProperty({
      id: '21',
      title: 'Deux-pièces Croix-Rousse',
      isRental: true,
      price: 900,
      formerPrice: 980,
      verifiedOnSiteAt: '2026-10-02T08:00:00.000Z',
      latitude: 45.758,
      longitude: 4.8325,
    });
    // The same home published by an agency too: listed once, « Aussi publiée par … ».
    const steady = buildProperty({
      id: '22',
      title: 'Studio Bellecour',
      isRental: true,
      price: 650,
      alsoPublishedBy: [{ __typename: 'Publisher', name: 'Agence Bellecour', isAgency: true, propertyId: '23' }],
    });
    renderApp({
      path: '/explorer',
      mocks: [
        meMock(buildUser()),
        unreadCountMock(0),
        ...silentSubscriptions(),
        preferencesMock({
          propertyStatus: 'rent',
          radius: 1.5,
          priceMax: 1200,
          features: ['balcony'],
          zone: ZONE.map((p) => ({ __typename: 'LatLng', ...p })),
          energyMax: 'E',
        }),
        exploreMock(
          {
            ...near(HERE, 1.5),
            isRental: true,
            maxPrice: 1200,
            features: ['balcony'],
            energyMax: 'E',
            polygon: ZONE,
          },
          [
            { ...dropped, distanceM: 42 },
            { ...steady, distanceM: 1250 },
          ] as never,
        ),
      ],
    });

    expect(await screen.findByRole('heading', { name: 'Explorer les biens', level: 1 })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Deux-pièces Croix-Rousse',
      'Studio Bellecour',
    ]);
    expect(within(cards[0]).getByText('Prix en baisse')).toBeInTheDocument();
    expect(within(cards[0]).getByText('à 42 m')).toBeInTheDocument();
    const former = cards[0].querySelector('del');
    expect(former).toHaveTextContent('980 €/mois');
    expect(within(cards[0]).getByText(/Vérifié sur place/)).toHaveTextContent('Vérifié sur place le 2 oct. 2026');
    expect(within(cards[1]).queryByText('Prix en baisse')).not.toBeInTheDocument();
    expect(within(cards[1]).queryByText(/Vérifié sur place/)).not.toBeInTheDocument();
    expect(cards[1].querySelector('del')).toBeNull();
    expect(within(cards[1]).getByText('à 1,3 km')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Aussi publiée par Agence Bellecour')).toBeInTheDocument();
    expect(within(cards[0]).queryByText(/Aussi publiée par/)).not.toBeInTheDocument();
    expect(screen.getByText('2 biens à moins de 1,5 km')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Carte des biens' })).not.toBeInTheDocument();
    expect(mapModule.loaded).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'Carte' }));

    const map = await screen.findByRole('region', { name: 'Carte des biens' });
    expect(mapModule.loaded).toBe(true);
    expect(within(map).getByRole('img', { name: 'Vous êtes ici' })).toBeInTheDocument();
    await user.click(
      within(map).getByRole('button', { name: /^Deux-pièces Croix-Rousse, 900.€\/mois, prix en baisse$/ }),
    );
    const popup = screen.getByTestId('map-popup');
    expect(within(popup).getByText('Prix en baisse')).toBeInTheDocument();
    expect(within(popup).getByText(/Vérifié sur place/)).toHaveTextContent('Vérifié sur place le 2 oct. 2026');
  });

  it('should search around a place typed by a signed-out visitor, with the default criteria', async () => {
    const user = userEvent.setup();
    getCurrentPosition.mockImplementation((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    const amiens = { latitude: 49.8941, longitude: 2.3022 };
    const listing = buildProperty({ id: '31', title: 'Maison sur la Somme', price: 210000, ...amiens });
    const { router } = renderApp({
      path: '/explorer',
      mocks: [
        meMock(null),
        {
          request: { query: GeocodeDocument, variables: { query: '8 boulevard du Port Amiens' } },
          result: {
            data: {
              geocode: [
                {
                  __typename: 'GeocodedAddress',
                  label: '8 Boulevard du Port 80000 Amiens',
                  city: 'Amiens',
                  postcode: '80000',
                  score: 0.97,
                  ...amiens,
                },
              ],
            },
          },
        },
        exploreMock(near(amiens), [{ ...listing, distanceM: 300 }] as never),
      ],
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('autorisation de localisation refusée');
    await user.click(screen.getByRole('button', { name: "Chercher autour d'un lieu" }));
    await user.type(screen.getByLabelText('Adresse, ville ou quartier'), '8 boulevard du Port Amiens');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await user.click(await screen.findByRole('button', { name: '8 Boulevard du Port 80000 Amiens' }));

    expect(screen.getByText('Autour de : 8 Boulevard du Port 80000 Amiens')).toBeInTheDocument();
    const card = await screen.findByRole('article');
    expect(within(card).getByText('à 300 m')).toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: 'Maison sur la Somme' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/property/31'));
  });

  it('should say so in French when the address service cannot be reached', async () => {
    const user = userEvent.setup();
    locatedAt(HERE);
    renderApp({
      path: '/explorer',
      mocks: [
        meMock(null),
        exploreMock(near(HERE), []),
        {
          request: { query: GeocodeDocument, variables: { query: 'Lyon' } },
          result: errorResult("Le service d'adresses est injoignable.", 'SERVICE_UNAVAILABLE'),
        },
      ],
    });

    expect(await screen.findByText('Aucun bien ne correspond à vos critères dans ce rayon.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: "Autour d'un lieu" }));
    await user.type(screen.getByLabelText('Adresse, ville ou quartier'), 'Lyon');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Le service d'adresses est injoignable, réessayez plus tard.",
    );
  });

  it('should tell an empty result as it is (what lies in the radius, the criterion that left it out) and relax it in one tap', async () => {
    const user = userEvent.setup();
    locatedAt(HERE);
    const saved = jest.fn();
    const criteria = { propertyStatus: 'rent', radius: 0.5, priceMax: 600 };
    const passedAround = (matching: number, excluded: [string, number][]): MockLink.MockedResponse => ({
      request: { query: PassedAroundDocument, variables: () => true },
      result: {
        data: {
          passedAround: {
            __typename: 'WalkPassed',
            passed: 12,
            matching,
            excluded: excluded.map(([criterion, count]) => ({ __typename: 'WalkExclusion', criterion, count })),
          },
        },
      },
    });
    renderApp({
      path: '/explorer',
      mocks: [
        meMock(buildUser()),
        unreadCountMock(0),
        ...silentSubscriptions(),
        preferencesMock(criteria),
        { ...exploreMock(near(HERE, 0.5), []), request: { query: ExplorePropertiesDocument, variables: () => true } },
        passedAround(0, [
          ['priceOver', 9],
          ['sizeUnder', 3],
        ]),
        {
          request: { query: SavePreferencesDocument, variables: () => true },
          result: (variables: { searchFilters: Record<string, unknown> }) => {
            saved(variables.searchFilters);
            const { data } = preferencesMock({ ...criteria, priceMax: null }).result as {
              data: { preferences: unknown };
            };
            return { data: { savePreferences: data.preferences } };
          },
        },
        { ...exploreMock(near(HERE, 0.5), []), request: { query: ExplorePropertiesDocument, variables: () => true } },
        passedAround(9, [['sizeUnder', 3]]),
      ],
    });

    const around = await screen.findByRole('group', { name: 'Autour de ce lieu' });
    expect(around).toHaveTextContent('Aucun bien ne correspond à vos critères dans ce rayon.');
    expect(await within(around).findByText('12 biens sont publiés à moins de 0,5 km.')).toBeInTheDocument();
    expect(
      within(around).getByText('9 biens de ce rayon sont au-dessus de votre budget, 3 trop petits.'),
    ).toBeInTheDocument();
    await user.click(within(around).getByRole('button', { name: 'Retirer le budget maximum' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith(expect.objectContaining({ priceMax: null, radius: 0.5 })));
  });
});
