import type { MarketPosition } from '../../../gql/graphql';
import '../market.css';

const SALE: Record<MarketPosition, string> = {
  below: 'Sous le prix du quartier',
  within: 'Dans le prix du quartier',
  above: 'Au-dessus du quartier',
};
const RENT: Record<MarketPosition, string> = {
  below: 'Loyer sous la commune',
  within: 'Loyer dans les prix de la commune',
  above: 'Loyer au-dessus de la commune',
};

/**
 * A card's market badge, where the data is solid (the gateway answers null otherwise): a sale against its comparable
 * sales, a rental against its commune's market rent.
 */
export function MarketBadge({ position, isRental }: { position?: MarketPosition | null; isRental: boolean }) {
  if (!position) return null;
  return <span className={`badge badge--market badge--market-${position}`}>{(isRental ? RENT : SALE)[position]}</span>;
}
