import { createCache } from '../../../apollo/cache';
import { HistoryDocument } from '../../../gql/graphql';
import { buildHistoryItem } from '../../properties/testing/factories';
import { writeHistoryItem } from './history-cache';

const publisher = { __typename: 'Publisher' as const, name: 'Agence du Marais', isAgency: true, propertyId: '9' };

describe('a live discovery written into Découvertes', () => {
  it('should not add a card for a listing a listed card names in « Aussi publiée par », and add any other', () => {
    const cache = createCache();
    const listed = buildHistoryItem(
      { id: 'e4', viewedAt: '2025-06-01T08:00:00.000Z' },
      { id: '4', alsoPublishedBy: [publisher] },
    );
    cache.writeQuery({ query: HistoryDocument, data: { history: [listed] } });

    writeHistoryItem(cache, buildHistoryItem({ id: 'e9' }, { id: '9', title: 'Le même bien' }), '2025-06-02');
    expect(cache.readQuery({ query: HistoryDocument })!.history.map((i) => i.property.id)).toEqual(['4']);

    writeHistoryItem(cache, buildHistoryItem({ id: 'e7' }, { id: '7', title: 'Un autre bien' }), '2025-06-02');
    const after = cache.readQuery({ query: HistoryDocument })!.history;
    expect(after.map((i) => i.property.id)).toEqual(['7', '4']);
    expect(after[0].property.alsoPublishedBy).toEqual([]);
  });
});
