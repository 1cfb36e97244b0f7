import { Link } from 'react-router-dom';
import type {
  AlsoPublishedBy_PropertyFragment,
  MarketBadge_PropertyFragment,
  PropertyCard_PropertyFragment,
} from '../../../gql/graphql';
import { formatCardDate, formatCardFacts } from '../../../lib/format';
import { FavoriteToggle } from '../../favorites/components/favorite-toggle';
import { MarketBadge } from '../../market/components/market-badge';
import { AlsoPublishedBy } from '../../moderation/components/also-published-by';
import { ListingKindBadge, PanelSourceBadge, PriceDropBadge, VerifiedOnSiteBadge, ViewedBadge } from './badges';
import { EnergyClassChips } from './energy-labels';
import { ListingPrice } from './listing-price';
import { PropertyThumbnail } from './property-image';
import '../property.css';

interface PropertyRowCardProps {
  /** The card's fields, and the market badge's and « Aussi publiée par »'s where the list's query asked for them. */
  property: PropertyCard_PropertyFragment &
    Partial<MarketBadge_PropertyFragment> &
    Partial<AlsoPublishedBy_PropertyFragment>;
  /** The Découvertes entry: adds the Nouveau/Déjà vu marker, « Panneau » for a panel's discovery, the viewed date. */
  entry?: { isViewed: boolean; viewedAt: string; source?: string | null };
  /** A line under the price instead of the viewed date (favourites: the date it was added). */
  note?: string;
  /** The list's first card: its photo is fetched at once (see PropertyThumbnail). */
  priority?: boolean;
}

/**
 * The history-style card: first photo, title, surface · rooms · arrondissement or city, address and city,
 * Location/Vente, price, « Aussi publiée par … » (a home published by several accounts), Nouveau/Déjà vu,
 * 'd MMM HH:mm', favourite toggle. The whole card opens the listing.
 */
export function PropertyRowCard({ property, entry, note, priority }: PropertyRowCardProps) {
  const date = entry ? formatCardDate(entry.viewedAt) : '';
  return (
    <article className="property-card">
      <PropertyThumbnail photos={property.photos} className="property-card__image" priority={priority} />
      <div className="property-card__body">
        <div className="property-card__badges">
          <ListingKindBadge isRental={property.isRental} />
          {entry && <ViewedBadge isViewed={entry.isViewed} />}
          <PanelSourceBadge source={entry?.source} />
          <PriceDropBadge formerPrice={property.formerPrice} />
          <VerifiedOnSiteBadge at={property.verifiedOnSiteAt} />
          <MarketBadge position={property.marketPosition} isRental={property.isRental} />
        </div>
        <h2 className="property-card__title">
          <Link to={`/property/${encodeURIComponent(property.id)}`} className="property-card__link">
            {property.title}
          </Link>
        </h2>
        <p className="property-card__facts">{formatCardFacts(property)}</p>
        <p className="property-card__address">
          {property.address}, {property.city}
        </p>
        <ListingPrice property={property} className="property-card__price" />
        <EnergyClassChips dpeRating={property.dpeRating} gesRating={property.gesRating} />
        <AlsoPublishedBy publishers={property.alsoPublishedBy} />
        {entry && date && (
          <p className="property-card__meta">
            <time dateTime={entry.viewedAt}>{date}</time>
          </p>
        )}
        {note && <p className="property-card__meta">{note}</p>}
      </div>
      <div className="property-card__favorite">
        <FavoriteToggle property={property} />
      </div>
    </article>
  );
}
