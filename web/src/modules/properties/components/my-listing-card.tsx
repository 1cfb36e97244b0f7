import { Link } from 'react-router-dom';
import type { ListingFieldsFragment, ListingStats_StatsFragment } from '../../../gql/graphql';
import { useState } from 'react';
import { formatPrice } from '../../../lib/format';
import { LazyLocationMap } from '../../map/components/lazy-maps';
import { thumbnailUrl } from '../lib/thumbnail-url';
import { VerifiedOnSiteBadge } from './badges';
import { EnergyClassChips } from './energy-labels';
import { ListingFunnel } from './listing-funnel';
import { placementEditPath } from './owner-location-fix';
import { VerifyOnSiteButton } from './verify-on-site-button';
import { HiddenListingNotice } from '../../moderation/components/report-listing';

interface MyListingCardProps {
  property: ListingFieldsFragment;
  /** Its walk-by funnel over the chosen period; undefined while loading. */
  stats?: ListingStats_StatsFragment | null;
  onDelete: (property: ListingFieldsFragment) => void;
}

/**
 * Where the listing sits, on a map drawn only once asked for (a map per card would hold a WebGL context each), and
 * « Corriger », which opens the edit form at its address.
 */
function ListingLocation({ property }: { property: ListingFieldsFragment }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="my-listing__location">
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          Emplacement sur la carte<span className="visually-hidden"> de {property.title}</span>
        </summary>
        {open && <LazyLocationMap latitude={property.latitude} longitude={property.longitude} />}
      </details>
      <Link to={placementEditPath(property.id)} className="button button--ghost button--small">
        Corriger<span className="visually-hidden"> l'emplacement de {property.title}</span>
      </Link>
    </div>
  );
}

/**
 * One of the user's listings: photo, title, place, price, « Vérifié sur place », its walk-by funnel, where it sits
 * (with « Corriger »), and Voir / Modifier / Je suis devant le bien / Supprimer.
 */
export function MyListingCard({ property, stats, onDelete }: MyListingCardProps) {
  const image = property.images[0];
  return (
    <article className="card my-listing" aria-labelledby={`listing-${property.id}-title`}>
      <div className="my-listing__media">
        {image ? (
          <img src={thumbnailUrl(image)} alt="" loading="lazy" width="120" height="90" />
        ) : (
          <div className="my-listing__placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="my-listing__body">
        <h3 id={`listing-${property.id}-title`} className="my-listing__title">
          {property.title}
        </h3>
        <p className="my-listing__place">
          {property.address}, {property.postalCode} {property.city}
        </p>
        <p className="my-listing__ref">
          Référence du panneau : <strong>{property.ref}</strong>
        </p>
        <p className="my-listing__price">
          <span className={`badge ${property.isRental ? 'badge--warning' : ''}`}>
            {property.isRental ? 'Location' : 'Vente'}
          </span>{' '}
          {formatPrice(property.price, property.isRental)}
        </p>
        <EnergyClassChips dpeRating={property.dpeRating} gesRating={property.gesRating} />
        <VerifiedOnSiteBadge at={property.verifiedOnSiteAt} />
        <HiddenListingNotice property={property} />
        {stats && <ListingFunnel stats={stats} />}
        <ListingLocation property={property} />
      </div>
      <div className="my-listing__actions button-row">
        <Link to={`/property/${property.id}`} className="button button--ghost button--small">
          Voir<span className="visually-hidden"> {property.title}</span>
        </Link>
        <Link
          to={`/add-property?edit=${encodeURIComponent(property.id)}`}
          className="button button--ghost button--small"
        >
          Modifier<span className="visually-hidden"> {property.title}</span>
        </Link>
        <VerifyOnSiteButton propertyId={property.id} title={property.title} />
        <a
          href={`/api/properties/${encodeURIComponent(property.id)}/panel.pdf`}
          target="_blank"
          rel="noopener"
          className="button button--ghost button--small"
        >
          Panneau à imprimer (PDF)<span className="visually-hidden"> {property.title}</span>
        </a>
        <button type="button" className="button button--ghost button--small" onClick={() => onDelete(property)}>
          Supprimer<span className="visually-hidden"> {property.title}</span>
        </button>
      </div>
    </article>
  );
}
