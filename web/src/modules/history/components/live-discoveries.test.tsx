import { act, screen, within } from '@testing-library/react';
import { createCache } from '../../../apollo/cache';
import {
  DiscoveryAddedDocument,
  HistoryDocument,
  MyVisitRequestDocument,
  PropertyDetailDocument,
  RecordViewDocument,
  UnreadMessagesUpdatedDocument,
  VisitRequestChangedDocument,
} from '../../../gql/graphql';
import { buildHistoryItem, buildPropertyDetail, favoritesMock } from '../../properties/testing/factories';
import { buildUser, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';

const known = [
  buildHistoryItem({ id: 'e1', viewedAt: '2025-03-01T09:00:00.000Z' }, { id: '1', title: 'Loft Belleville' }),
  buildHistoryItem({ id: 'e10', viewedAt: '2025-02-01T09:00:00.000Z', isViewed: true }, { id: '10', title: 'Studio' }),
];

describe('live discoveries (mounted once in the shell)', () => {
  it('should put a discovery received on a listing into the Découvertes the list then reads, without a refetch', async () => {
    const arriving = buildHistoryItem(
      { id: 'e77', viewedAt: new Date().toISOString() },
      { id: '77', title: 'Maison avec jardin' },
    );
    // Découvertes was loaded earlier in the session: the list is in the cache, and no second answer is mocked.
    const cache = createCache();
    cache.writeQuery({ query: HistoryDocument, data: { history: known } });
    const { router } = renderApp({
      path: '/property/10',
      cache,
      mocks: [
        meMock(buildUser()),
        {
          request: { query: PropertyDetailDocument, variables: { id: '10' } },
          result: { data: { property: buildPropertyDetail({ id: '10', title: 'Studio' }) } },
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
                viewedAt: '2025-02-01T09:00:00.000Z',
                propertyId: '10',
                source: null,
              },
            },
          },
        },
        {
          request: { query: MyVisitRequestDocument, variables: { propertyId: '10' } },
          result: { data: { myVisitRequest: null } },
        },
        { request: { query: VisitRequestChangedDocument, variables: { propertyId: '10' } }, delay: Infinity },
        { request: { query: UnreadMessagesUpdatedDocument }, delay: Infinity },
        // The event comes once the listing is on screen.
        { request: { query: DiscoveryAddedDocument }, result: { data: { discoveryAdded: arriving } }, delay: 300 },
      ],
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Studio' })).toBeInTheDocument();

    // Announced on the listing's screen…
    const announced = (await screen.findByText('Nouvelle découverte')).closest('li')!;
    expect(within(announced).getByText('Maison avec jardin')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/property/10');

    // …and already in Découvertes, first (the list is read from the cache: there is no history answer left).
    await act(() => router.navigate('/history'));
    expect(await screen.findByText('3 découvertes')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Maison avec jardin',
      'Loft Belleville',
      'Studio',
    ]);
  });
});
