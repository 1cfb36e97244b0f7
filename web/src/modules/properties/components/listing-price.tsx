import { formatPrice } from '../../../lib/format';

interface ListingPriceProps {
  property: { price: number; isRental: boolean; currency: string; formerPrice?: number | null };
  className: string;
  /** A span inside inline content (a card that is one link). */
  as?: 'p' | 'span';
}

/** The price, and after a recent drop the former price struck through (« Prix en baisse »). */
export function ListingPrice({ property, className, as: Tag = 'p' }: ListingPriceProps) {
  const { price, isRental, currency, formerPrice } = property;
  return (
    <Tag className={className}>
      {formatPrice(price, isRental, currency)}
      {formerPrice != null && (
        <>
          {' '}
          <del className="listing-price__former">
            <span className="visually-hidden">au lieu de </span>
            {formatPrice(formerPrice, isRental, currency)}
          </del>
        </>
      )}
    </Tag>
  );
}
