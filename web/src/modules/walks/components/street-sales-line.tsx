import type { StreetSalesLine_WalkFragment } from '../../../gql/graphql';
import { formatNumber } from '../../../lib/format';
import { MarketSource } from '../../market/components/market-source';
import { formatPerM2 } from '../../market/lib/market-format';

type StreetSales = NonNullable<StreetSalesLine_WalkFragment['streetSales']>;

/**
 * The sentence of the sales along a walk: « Dans les rues traversées : 34 ventes depuis 2021, médiane 10 450 €/m² »;
 * too few for a median: their number only; « depuis » is the year of the earliest sale counted (none: of the period).
 */
export function streetSalesText(s: StreetSales): string {
  const year = (s.firstSaleOn ?? s.since).slice(0, 4);
  if (s.count === 0) return `Dans les rues traversées : aucune vente enregistrée depuis ${year}`;
  const sold = `${formatNumber(s.count, 0)} ${s.count > 1 ? 'ventes' : 'vente'} depuis ${year}`;
  return s.enough && s.medianPricePerM2 !== null
    ? `Dans les rues traversées : ${sold}, médiane ${formatPerM2(s.medianPricePerM2)}`
    : `Dans les rues traversées : ${sold}, trop peu pour en donner une médiane`;
}

/**
 * « Dans les rues traversées » with its source under it (DVF, DGFiP, données au …); nothing once the walk's track is
 * gone (its fixes are purged after 30 days).
 */
export function StreetSalesLine({ walk }: { walk: StreetSalesLine_WalkFragment }) {
  const s = walk.streetSales;
  if (!s) return null;
  return (
    <div className="walk-street-sales">
      <p className="walk-street-sales__line">{streetSalesText(s)}</p>
      <MarketSource source={s.source} dataUntil={s.dataUntil} />
    </div>
  );
}
