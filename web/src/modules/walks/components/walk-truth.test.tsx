import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DiscoveryAddedDocument, LatestWalkPassedDocument, SavePreferencesDocument } from '../../../gql/graphql';
import { buildUser, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import { historyMock, preferencesMock } from '../../properties/testing/factories';

const criteria = { propertyStatus: 'rent', propertyType: 'apartment', radius: 0.5, priceMax: 1400, sizeMin: 25 };

const walkMock = (passed: { positions: number; passed: number; matching: number }, excluded: [string, number][]) => ({
  request: { query: LatestWalkPassedDocument },
  result: {
    data: {
      walks: {
        __typename: 'WalkConnection',
        nodes: [
          {
            __typename: 'Walk',
            id: '3',
            startedAt: '2025-06-01T12:05:00.000Z',
            endedAt: '2025-06-01T13:00:00.000Z',
            passed: {
              __typename: 'WalkPassed',
              ...passed,
              excluded: excluded.map(([criterion, count]) => ({ __typename: 'WalkExclusion', criterion, count })),
            },
          },
        ],
      },
    },
  },
});

function renderEmptyHistory(extra: MockLink.MockedResponse[] = []) {
  return renderApp({
    path: '/history',
    mocks: [
      meMock(buildUser()),
      historyMock([]),
      preferencesMock(criteria),
      { request: { query: DiscoveryAddedDocument }, delay: Infinity },
      ...extra,
    ],
  });
}

describe('Découvertes empty after a walk', () => {
  it('should tell what the walk met, which criteria left listings out, and relax the first in one tap', async () => {
    const user = userEvent.setup();
    const saved = jest.fn();
    renderEmptyHistory([
      walkMock({ positions: 38, passed: 22, matching: 0 }, [
        ['priceOver', 9],
        ['sizeUnder', 4],
        ['type', 1],
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
      walkMock({ positions: 38, passed: 22, matching: 9 }, [['sizeUnder', 4]]),
    ]);

    const walk = await screen.findByRole('group', { name: 'Votre balade' });
    await waitFor(() =>
      expect(walk).toHaveTextContent(
        'Dernière balade le 1 juin 14:05 : 38 positions reçues, 22 biens passés dans votre rayon de 0,5 km, aucun ne correspond à vos critères.',
      ),
    );
    expect(walk).toHaveTextContent('9 biens passés étaient au-dessus de votre budget, 4 trop petits.');
    expect(screen.queryByText(/Activez la découverte en marchant/)).not.toBeInTheDocument();

    await user.click(within(walk).getByRole('button', { name: 'Retirer le budget maximum' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith(expect.objectContaining({ priceMax: null, sizeMin: 25 })));
    expect(await within(walk).findByText(/9 correspondent à vos critères/)).toBeInTheDocument();
    expect(within(walk).getByRole('button', { name: 'Retirer la surface minimum' })).toBeInTheDocument();
  });

  it('should keep the invitation to switch tracking on when the user never walked', async () => {
    renderEmptyHistory([
      {
        request: { query: LatestWalkPassedDocument },
        result: { data: { walks: { __typename: 'WalkConnection', nodes: [] } } },
      },
    ]);
    expect(await screen.findByText(/Activez la découverte en marchant depuis l'accueil/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Votre balade' })).not.toBeInTheDocument();
  });
});
