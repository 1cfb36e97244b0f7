import { MockedProvider } from '@apollo/client/testing/react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecentSalesDocument } from '../../../gql/graphql';
import { moveMapTo } from '../../map/testing/react-map-gl.mock';
import WalkMap from '../../walks/components/walk-map';

const sale = (over: Record<string, unknown> = {}) => ({
  __typename: 'MarketSale' as const,
  dateMutation: '2025-03-15',
  type: 'apartment' as const,
  surface: 62.5,
  price: 612000,
  pricePerM2: 9792,
  street: '12 RUE DES ROSIERS',
  latitude: 48.8571,
  longitude: 2.3596,
  ...over,
});
const page = (nodes: ReturnType<typeof sale>[], hasNextPage = false) => ({
  data: {
    sales: {
      __typename: 'SaleConnection' as const,
      nodes,
      pageInfo: { __typename: 'PageInfo' as const, hasNextPage },
      source: 'DVF, DGFiP',
    },
  },
});

/** A view of about 520 × 440 m around (lat, lng): its farthest corner is within 350 m of the centre. */
const viewAround = (lat: number, lng: number, zoom = 16) => ({
  center: { lat, lng },
  northEast: { lat: lat + 0.002, lng: lng + 0.0035 },
  southWest: { lat: lat - 0.002, lng: lng - 0.0035 },
  zoom,
});

describe('« Ventes récentes » on a map', () => {
  it('should ask for nothing until switched on, then the sales around the visible area, again after a move', async () => {
    const user = userEvent.setup();
    moveMapTo(viewAround(48.85661, 2.35219));
    const first = jest.fn(() =>
      page(
        [
          sale(),
          // Two sales of one building: one « 2 ventes » at this zoom.
          sale({ street: '3 RUE VIEILLE DU TEMPLE', latitude: 48.858, longitude: 2.355, pricePerM2: 11250 }),
          sale({ street: '5 RUE VIEILLE DU TEMPLE', latitude: 48.85801, longitude: 2.35501, pricePerM2: 10400 }),
        ],
        true,
      ),
    );
    const second = jest.fn(() => page([sale({ street: '40 RUE DE RIVOLI', pricePerM2: 12000 })]));
    render(
      <MockedProvider
        mocks={[
          {
            request: {
              query: RecentSalesDocument,
              variables: { near: { latitude: 48.8566, longitude: 2.3522, radiusM: 350 }, first: 100 },
            },
            result: first,
          },
          {
            request: {
              query: RecentSalesDocument,
              variables: { near: { latitude: 48.86, longitude: 2.34, radiusM: 350 }, first: 100 },
            },
            result: second,
          },
        ]}
        mockLinkDefaultOptions={{ delay: 0 }}
      >
        <WalkMap path={[{ latitude: 48.8566, longitude: 2.3522 }]} discoveries={[]} />
      </MockedProvider>,
    );
    const map = await screen.findByRole('region', { name: 'Carte de la balade' });
    const toggle = within(map).getByRole('button', { name: 'Ventes récentes' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(within(map).queryByRole('status')).not.toBeInTheDocument();
    // The map moving while the layer is off asks nothing.
    act(() => moveMapTo(viewAround(48.85661, 2.35219)));
    expect(first).not.toHaveBeenCalled();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await within(map).findByText('3 ventes récentes (les plus récentes) · Source : DVF, DGFiP')).toHaveAttribute(
      'role',
      'status',
    );
    expect(first).toHaveBeenCalledTimes(1);
    expect(
      within(map).getByRole('img', {
        // French numbers group with a narrow no-break space.
        name: /^Vente du 15 mars 2025, Appartement de 62,5 m², 612.000.€, 9.792.€\/m², 12 RUE DES ROSIERS$/,
      }),
    ).toHaveTextContent('9,8 k€/m²');
    expect(
      within(map).getByRole('button', {
        name: '2 ventes ici (3 RUE VIEILLE DU TEMPLE, 5 RUE VIEILLE DU TEMPLE) : zoomer pour les voir',
      }),
    ).toHaveTextContent('2 ventes');

    // Moved: the area then in view.
    act(() => moveMapTo(viewAround(48.86, 2.34)));
    expect(await within(map).findByText('1 vente récente · Source : DVF, DGFiP')).toBeInTheDocument();
    expect(second).toHaveBeenCalledTimes(1);
    expect(within(map).getByRole('img', { name: /40 RUE DE RIVOLI$/ })).toBeInTheDocument();

    // Off: the markers and the count go, nothing more is asked.
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(within(map).queryByRole('img', { name: /^Vente du/ })).not.toBeInTheDocument();
    expect(within(map).queryByRole('status')).not.toBeInTheDocument();
    act(() => moveMapTo(viewAround(48.8566, 2.3522)));
    expect(first).toHaveBeenCalledTimes(1);
  });
});
