import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MyListingStatsDocument,
  MyPropertiesDocument,
  ReceivedVisitRequestsDocument,
  VerifyOnSiteDocument,
  VisitRequestChangedDocument,
} from '../../../gql/graphql';
import { buildUser, errorResult, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import { silentSubscription } from '../../conversations/conversations.fixtures';
import { buildListing } from '../properties.fixtures';

const NOT_ON_SITE = 'Vous devez être devant le bien pour le vérifier';

const period = (p: Partial<Record<'passedBy' | 'viewed' | 'favorited' | 'contacted', number | null>>) => ({
  __typename: 'PropertyStatsPeriod' as const,
  passedBy: 0,
  viewed: 0,
  favorited: 0,
  contacted: 0,
  ...p,
});

const statsMock = (days: number, current: Parameters<typeof period>[0], previous: Parameters<typeof period>[0]) => ({
  request: { query: MyListingStatsDocument, variables: { days } },
  result: {
    data: {
      myProperties: [
        {
          __typename: 'Property',
          id: '10',
          stats: { ...period(current), __typename: 'PropertyStats', days, previous: period(previous) },
        },
      ],
    },
  },
});

function myPropertiesMocks(listing = buildListing()) {
  return [
    meMock(buildUser()),
    { request: { query: MyPropertiesDocument }, result: { data: { myProperties: [listing] } } },
    {
      request: { query: ReceivedVisitRequestsDocument },
      result: { data: { visitRequests: { __typename: 'VisitRequests', asOwner: [] } } },
    },
    silentSubscription(VisitRequestChangedDocument),
  ];
}

const card = async () => (await screen.findByRole('heading', { name: 'Appartement lumineux' })).closest('article')!;

function fixAt(coords: { latitude: number; longitude: number; accuracy: number }) {
  const getCurrentPosition = jest.fn((ok: PositionCallback) => ok({ coords } as GeolocationPosition));
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

describe('« Mes annonces »: the walk-by funnel', () => {
  it('should show passés devant → consultés → favoris → contacts with « moins de 3 » and the trend, per 7 or 30 days', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/my-properties',
      mocks: [
        ...myPropertiesMocks(),
        statsMock(30, { passedBy: 42, viewed: 12, favorited: null, contacted: 0 }, { passedBy: 50, viewed: 3 }),
        statsMock(7, { passedBy: 5, viewed: null, favorited: 0, contacted: null }, { passedBy: 5 }),
      ],
    });

    const listing = await card();
    const funnel = await within(listing).findByRole('list', { name: 'Parcours des visiteurs sur 30 jours' });
    const steps = within(funnel).getAllByRole('listitem');
    expect(steps.map((s) => s.firstChild!.textContent)).toEqual(['Passés devant', 'Consultés', 'Favoris', 'Contacts']);
    expect(steps[0]).toHaveTextContent('42');
    expect(steps[0]).toHaveTextContent('en baisse par rapport aux 30 jours précédents (50)');
    expect(within(steps[0]).getByText('↓')).toHaveAttribute('aria-hidden', 'true');
    expect(steps[1]).toHaveTextContent('12');
    expect(steps[1]).toHaveTextContent('en hausse par rapport aux 30 jours précédents (3)');
    // 1 or 2 people: never an exact figure, and no trend that would reveal it.
    expect(steps[2]).toHaveTextContent(/^Favorismoins de 3$/);
    expect(steps[3]).toHaveTextContent('0');
    expect(steps[3]).toHaveTextContent('stable par rapport aux 30 jours précédents (0)');

    const switcher = screen.getByRole('group', { name: 'Période des statistiques' });
    expect(within(switcher).getByRole('button', { name: '30 jours' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(switcher).getByRole('button', { name: '7 jours' }));
    const week = await within(listing).findByRole('list', { name: 'Parcours des visiteurs sur 7 jours' });
    const weekSteps = within(week).getAllByRole('listitem');
    expect(weekSteps[0]).toHaveTextContent('5');
    expect(weekSteps[0]).toHaveTextContent('stable par rapport aux 7 jours précédents (5)');
    expect(weekSteps[1]).toHaveTextContent('moins de 3');
    expect(weekSteps[3]).toHaveTextContent('moins de 3');
    expect(within(switcher).getByRole('button', { name: '7 jours' })).toHaveAttribute('aria-pressed', 'true');
    // The first test of the file also compiles the lazily loaded screen: time for a cold cache.
  }, 30_000);
});

describe('« Vérifié sur place »', () => {
  it('should explain, take one precise fix, send it and show the badge with its date', async () => {
    const user = userEvent.setup();
    const getCurrentPosition = fixAt({ latitude: 48.84431, longitude: 2.35221, accuracy: 12 });
    const sent = jest.fn();
    renderApp({
      path: '/my-properties',
      mocks: [
        ...myPropertiesMocks(),
        statsMock(30, {}, {}),
        {
          request: {
            query: VerifyOnSiteDocument,
            variables: { propertyId: '10', latitude: 48.84431, longitude: 2.35221, accuracy: 12 },
          },
          result: () => {
            sent();
            return {
              data: {
                verifyOnSite: { __typename: 'Property', id: '10', verifiedOnSiteAt: '2026-11-24T09:30:00.000Z' },
              },
            };
          },
        },
      ],
    });

    const listing = await card();
    expect(within(listing).queryByText(/Vérifié sur place/)).not.toBeInTheDocument();
    await user.click(within(listing).getByRole('button', { name: 'Je suis devant le bien Appartement lumineux' }));
    // The explanation comes before the browser's prompt; « Plus tard » would leave the position unasked.
    const dialog = await screen.findByRole('dialog', { name: 'Vérifier sur place' });
    expect(dialog).toHaveTextContent("n'est ni conservée ni montrée à quiconque");
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));

    expect(await screen.findByText('Annonce vérifiée sur place')).toBeInTheDocument();
    expect(getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 0,
    });
    expect(sent).toHaveBeenCalledTimes(1);
    const badge = await within(listing).findByText(/Vérifié sur place/);
    expect(badge).toHaveTextContent('Vérifié sur place le 24 nov. 2026');
    expect(within(badge).getByText('le 24 nov. 2026')).toHaveAttribute('datetime', '2026-11-24T09:30:00.000Z');
  }, 15_000);

  it("should show the server's refusal when the owner is not in front of the listing", async () => {
    const user = userEvent.setup();
    fixAt({ latitude: 48.85, longitude: 2.36, accuracy: 45 });
    renderApp({
      path: '/my-properties',
      mocks: [
        ...myPropertiesMocks(buildListing({ verifiedOnSiteAt: '2026-10-02T08:00:00.000Z' })),
        statsMock(30, {}, {}),
        {
          request: {
            query: VerifyOnSiteDocument,
            variables: { propertyId: '10', latitude: 48.85, longitude: 2.36, accuracy: 45 },
          },
          result: errorResult(NOT_ON_SITE, 'BAD_USER_INPUT'),
        },
      ],
    });

    const listing = await card();
    // An earlier verification is shown with its date.
    expect(within(listing).getByText(/Vérifié sur place/)).toHaveTextContent('Vérifié sur place le 2 oct. 2026');
    await user.click(within(listing).getByRole('button', { name: 'Je suis devant le bien Appartement lumineux' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText(NOT_ON_SITE)).toBeInTheDocument();
    expect(screen.getByText('Vérification impossible')).toBeInTheDocument();
  });

  it('should say so when the position cannot be had, without sending anything', async () => {
    const user = userEvent.setup();
    const getCurrentPosition = jest.fn((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    renderApp({ path: '/my-properties', mocks: [...myPropertiesMocks(), statsMock(30, {}, {})] });

    const listing = await card();
    await user.click(within(listing).getByRole('button', { name: 'Je suis devant le bien Appartement lumineux' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText('Erreur: autorisation de localisation refusée')).toBeInTheDocument();
    expect(screen.getByText('Position indisponible')).toBeInTheDocument();
  });
});
