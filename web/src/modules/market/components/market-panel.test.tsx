import { MockedProvider } from '@apollo/client/testing/react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PropertyMarketDocument, type PropertyMarketQuery } from '../../../gql/graphql';
import { MarketPanel } from './market-panel';

type Market = PropertyMarketQuery['property']['market'];
type Comparables = NonNullable<Market['sales']>;

const sale = (over: Partial<Comparables['sales'][number]> = {}): Comparables['sales'][number] => ({
  __typename: 'MarketSale',
  dateMutation: '2025-03-15',
  type: 'apartment',
  rooms: 3,
  surface: 62.5,
  price: 612000,
  pricePerM2: 9792,
  street: '12 RUE DES ROSIERS',
  ...over,
});

const comparables = (over: Partial<Comparables> = {}): Comparables => ({
  __typename: 'MarketComparables',
  enough: true,
  count: 14,
  radiusM: 300,
  commune: null,
  since: '2023-12-03',
  pricePerM2: 10900,
  medianPricePerM2: 10283,
  p25PricePerM2: 9500,
  p75PricePerM2: 11200,
  differencePercent: 6,
  position: 'within',
  source: 'DVF, DGFiP',
  dataUntil: '2026-06-30',
  sales: [sale(), sale({ dateMutation: '2024-11-02', type: 'house', rooms: null, price: 450000, pricePerM2: 9000 })],
  ...over,
});

function renderPanel(market: Market) {
  const mocks = [
    {
      request: { query: PropertyMarketDocument, variables: { id: '10' } },
      result: { data: { property: { __typename: 'Property' as const, id: '10', market } } },
    },
  ];
  return render(
    <MockedProvider mocks={mocks} mockLinkDefaultOptions={{ delay: 0 }}>
      <MarketPanel propertyId="10" />
    </MockedProvider>,
  );
}

describe('« Prix du quartier »', () => {
  it('should place the price per m² against the median of the comparables, with their list and the source', async () => {
    renderPanel({ __typename: 'PropertyMarket', sales: comparables(), rent: null });
    const panel = (await screen.findByRole('heading', { name: 'Prix du quartier' })).closest('section')!;
    expect(
      within(panel).getByText(
        '10 900 €/m², soit 6 % au-dessus de la médiane de 14 ventes comparables à moins de 300 m depuis 2023',
      ),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText('Médiane 10 283 €/m² ; la moitié des ventes entre 9 500 €/m² et 11 200 €/m²'),
    ).toBeInTheDocument();
    // The sales enter the page only once asked for (not indexable).
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByText('Voir les 2 ventes'));
    const table = await within(panel).findByRole('table', { name: 'Ventes comparables' });
    const rows = within(table).getAllByRole('row');
    expect(
      rows.slice(1).map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent!.replace(/\s/g, ' ')),
      ),
    ).toEqual([
      ['15 mars 2025', 'Appartement', '62,5 m²', '3 p.', '612 000 €', '9 792 €/m²', '12 RUE DES ROSIERS'],
      ['2 novembre 2024', 'Maison', '62,5 m²', '—', '450 000 €', '9 000 €/m²', '12 RUE DES ROSIERS'],
    ]);
    expect(within(panel).getByText('Source : DVF, DGFiP, données au 30 juin 2026')).toBeInTheDocument();
  });

  it('should say « en dessous » and « dans la commune » when the scope is the commune', async () => {
    renderPanel({
      __typename: 'PropertyMarket',
      sales: comparables({ radiusM: null, commune: 'Paris 4e Arrondissement', differencePercent: -9, count: 6 }),
      rent: null,
    });
    expect(
      await screen.findByText(
        '10 900 €/m², soit 9 % en dessous de la médiane de 6 ventes comparables dans la commune depuis 2023',
      ),
    ).toBeInTheDocument();
  });

  it('should say that too few sales were found and show no figure', async () => {
    renderPanel({
      __typename: 'PropertyMarket',
      sales: comparables({
        enough: false,
        count: 2,
        radiusM: 600,
        medianPricePerM2: null,
        p25PricePerM2: null,
        p75PricePerM2: null,
        differencePercent: null,
        position: null,
      }),
      rent: null,
    });
    expect(
      await screen.findByText(
        'Pas assez de ventes comparables pour situer ce prix : 2 ventes comparables à moins de 600 m depuis 2023.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/médiane/i)).not.toBeInTheDocument();
  });

  it('should show « Loyer de marché dans la commune » for a rental', async () => {
    renderPanel({
      __typename: 'PropertyMarket',
      sales: null,
      rent: {
        __typename: 'MarketRentEstimate',
        commune: 'Châtillon',
        year: 2024,
        predictedPerM2: 24.05,
        lowerPerM2: 19.87,
        upperPerM2: 29.1,
        rentPerM2: 26,
        differencePercent: 8,
        position: 'within',
        source: 'Carte des loyers, ANIL',
      },
    });
    const panel = (await screen.findByRole('heading', { name: 'Loyer de marché dans la commune' })).closest('section')!;
    expect(
      within(panel).getByText('26 €/m², soit 8 % au-dessus du loyer de marché de Châtillon (24,05 €/m²)'),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText('Loyers attendus entre 19,87 €/m² et 29,1 €/m², charges comprises'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Source : Carte des loyers, ANIL, 2024')).toBeInTheDocument();
  });

  it('should show nothing where the market data says nothing', async () => {
    const { container } = renderPanel({ __typename: 'PropertyMarket', sales: null, rent: null });
    // The answer arrives, and still nothing is shown.
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(container).toBeEmptyDOMElement();
  });
});
