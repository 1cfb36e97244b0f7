import { formatParis, formatPrice } from '../../../lib/format';

interface PriceHistoryProps {
  property: {
    isRental: boolean;
    currency: string;
    priceHistory: readonly { price: number; changedAt: string }[];
  };
}

/** « Historique des prix », newest first, once the price has changed at least once (folded by default). */
export function PriceHistory({ property }: PriceHistoryProps) {
  const { priceHistory, isRental, currency } = property;
  if (priceHistory.length < 2) return null;
  return (
    <details className="price-history">
      <summary>Historique des prix</summary>
      <ol className="price-history__list">
        {[...priceHistory].reverse().map((point, i, list) => (
          <li key={`${point.changedAt}-${i}`}>
            <time dateTime={point.changedAt}>{formatParis(point.changedAt, 'd MMM yyyy')}</time> :{' '}
            {formatPrice(point.price, isRental, currency)}
            {i === list.length - 1 ? ' (mise en ligne)' : ''}
          </li>
        ))}
      </ol>
    </details>
  );
}
