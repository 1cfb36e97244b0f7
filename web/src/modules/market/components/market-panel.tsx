import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { PropertyMarketDocument, type PropertyMarketQuery } from '../../../gql/graphql';
import { formatCurrency, formatNumber, formatRooms } from '../../../lib/format';
import { formatMarketDay as day, formatPerM2 as perM2 } from '../lib/market-format';
import { MarketSource } from './market-source';
import '../market.css';

type Comparables = NonNullable<PropertyMarketQuery['property']['market']['sales']>;
type Rent = NonNullable<PropertyMarketQuery['property']['market']['rent']>;

/** « 12,5 €/m² » (rents keep their cents). */
const rentPerM2 = (value: number) => `${formatNumber(value, 2)} €/m²`;
const TYPE_LABELS = { apartment: 'Appartement', house: 'Maison' } as const;

/** « soit 6 % au-dessus », « soit 4 % en dessous », « soit au niveau » (then « de la médiane », « du loyer… »). */
function versus(percent: number): string {
  if (percent > 0) return `soit ${formatNumber(percent, 0)} % au-dessus`;
  if (percent < 0) return `soit ${formatNumber(-percent, 0)} % en dessous`;
  return 'soit au niveau';
}

/** Where the comparables were found: « à moins de 300 m » or « dans la commune ». */
const scopeOf = (c: Comparables) =>
  c.radiusM !== null ? `à moins de ${formatNumber(c.radiusM, 0)} m` : 'dans la commune';
const sinceYear = (c: Comparables) => c.since.slice(0, 4);

function SalesFigures({ c }: { c: Comparables }) {
  // The sales themselves enter the page only once asked for: DVF's terms forbid search engines to index them, so no
  // rendered page (a server's included) carries them; the figures above are derived and may be read by anyone.
  const [salesShown, setSalesShown] = useState(false);
  const sold = `${formatNumber(c.count, 0)} ${c.count > 1 ? 'ventes comparables' : 'vente comparable'}`;
  return (
    <>
      {c.enough ? (
        <>
          <p className="market-panel__lead">
            {perM2(c.pricePerM2)}, {versus(c.differencePercent!)} de la médiane de {sold} {scopeOf(c)} depuis{' '}
            {sinceYear(c)}
          </p>
          <p className="market-panel__range">
            Médiane {perM2(c.medianPricePerM2!)} ; la moitié des ventes entre {perM2(c.p25PricePerM2!)} et{' '}
            {perM2(c.p75PricePerM2!)}
          </p>
        </>
      ) : (
        <p className="market-panel__lead">
          Pas assez de ventes comparables pour situer ce prix : {c.count === 0 ? 'aucune' : sold} {scopeOf(c)} depuis{' '}
          {sinceYear(c)}.
        </p>
      )}
      {c.sales.length > 0 && (
        // Closed at first: thirty rows are a long scroll on a phone; the figures above are the answer.
        <details className="market-panel__details" onToggle={(e) => setSalesShown(e.currentTarget.open)}>
          <summary>Voir {c.sales.length > 1 ? `les ${formatNumber(c.sales.length, 0)} ventes` : 'la vente'}</summary>
          {salesShown && (
            <table className="market-panel__sales">
              <caption>Ventes comparables</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Type</th>
                  <th scope="col">Surface</th>
                  <th scope="col">Pièces</th>
                  <th scope="col">Prix</th>
                  <th scope="col">€/m²</th>
                  <th scope="col">Rue</th>
                </tr>
              </thead>
              <tbody>
                {c.sales.map((s, i) => (
                  <tr key={`${s.dateMutation}-${i}`}>
                    <td>{day(s.dateMutation)}</td>
                    <td>{TYPE_LABELS[s.type]}</td>
                    <td>{formatNumber(s.surface, 1)} m²</td>
                    <td>{s.rooms === null ? '—' : formatRooms(s.rooms, true)}</td>
                    <td>{formatCurrency(s.price)}</td>
                    <td>{perM2(s.pricePerM2)}</td>
                    <td>{s.street}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </details>
      )}
      <MarketSource source={c.source} dataUntil={c.dataUntil} />
    </>
  );
}

function RentFigures({ r }: { r: Rent }) {
  return (
    <>
      <p className="market-panel__lead">
        {rentPerM2(r.rentPerM2)}, {versus(r.differencePercent)} du loyer de marché de {r.commune} (
        {rentPerM2(r.predictedPerM2)})
      </p>
      <p className="market-panel__range">
        Loyers attendus entre {rentPerM2(r.lowerPerM2)} et {rentPerM2(r.upperPerM2)}, charges comprises
      </p>
      <MarketSource source={`${r.source}, ${r.year}`} />
    </>
  );
}

/**
 * « Prix du quartier » on a listing: for a sale, its price per m² against the comparable sales of the street (DVF);
 * for a rental, « Loyer de marché dans la commune » (carte des loyers). Nothing while loading or without data.
 */
export function MarketPanel({ propertyId }: { propertyId: string }) {
  // Below the listing's actions, read after it: asked by the browser (ssr: false), so a server render waits for one
  // round of queries less (the server and the hydrating client both paint nothing here).
  const { data } = useQuery(PropertyMarketDocument, { variables: { id: propertyId }, ssr: false });
  const market = data?.property.market;
  if (!market || (!market.sales && !market.rent)) return null;
  const title = market.sales ? 'Prix du quartier' : 'Loyer de marché dans la commune';
  return (
    <section className="card market-panel" aria-labelledby="market-panel-title">
      <h2 id="market-panel-title" className="card__title">
        {title}
      </h2>
      {market.sales ? <SalesFigures c={market.sales} /> : <RentFigures r={market.rent!} />}
    </section>
  );
}
