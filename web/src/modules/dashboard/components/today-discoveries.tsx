import { LIMITS } from '@flaneur/schema';
import { Link } from 'react-router-dom';
import type { HistoryCard_ItemFragment } from '../../../gql/graphql';
import { formatTime } from '../../../lib/format';
import { PriceDropBadge, VerifiedOnSiteBadge } from '../../properties/components/badges';
import { ListingPrice } from '../../properties/components/listing-price';
import { PropertyThumbnail } from '../../properties/components/property-image';

/** Up to the first 3 of today's discoveries: photo, title, address, price, time of viewing. */
export function TodayDiscoveries({ items }: { items: readonly HistoryCard_ItemFragment[] }) {
  const shown = items.slice(0, LIMITS.homeTodayMax);
  if (shown.length === 0) return null;
  return (
    <section className="today-discoveries" aria-labelledby="today-discoveries-title">
      <h2 id="today-discoveries-title" className="card__title">
        Découvertes du jour
      </h2>
      <ul className="today-discoveries__list">
        {shown.map(({ entry, property }, index) => (
          <li key={entry.id}>
            <Link to={`/property/${encodeURIComponent(property.id)}`} className="today-discovery">
              <PropertyThumbnail
                photos={property.photos}
                className="today-discovery__image"
                sizes="4.5rem"
                priority={index === 0}
              />
              <span className="today-discovery__body">
                <span className="today-discovery__title">{property.title}</span>
                <span className="today-discovery__address">{property.address}</span>
                <PriceDropBadge formerPrice={property.formerPrice} />
                <VerifiedOnSiteBadge at={property.verifiedOnSiteAt} />
                <ListingPrice property={property} className="today-discovery__price" as="span" />
              </span>
              <time className="today-discovery__time" dateTime={entry.viewedAt}>
                {formatTime(entry.viewedAt)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
