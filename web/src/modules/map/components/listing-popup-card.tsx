import { useNavigate } from 'react-router-dom';
import type { PropertyCard_PropertyFragment } from '../../../gql/graphql';
import { ListingKindBadge, PriceDropBadge, VerifiedOnSiteBadge } from '../../properties/components/badges';
import { ListingPrice } from '../../properties/components/listing-price';
import { PropertyThumbnail } from '../../properties/components/property-image';

interface ListingPopupCardProps {
  property: PropertyCard_PropertyFragment;
  /** A discovery the user has opened already: « Déjà vu ». */
  seen?: boolean;
}

/**
 * A listing in a map's pop-up (Découvertes, Explorer): photo, the cards' badges, title, address, the price (the former
 * one struck through after a drop) and « Voir les détails ».
 */
export function ListingPopupCard({ property, seen = false }: ListingPopupCardProps) {
  const navigate = useNavigate();
  return (
    <div className="map-popup">
      <PropertyThumbnail photos={property.photos} className="map-popup__image" sizes="260px" />
      <div className="map-popup__badges">
        <ListingKindBadge isRental={property.isRental} />
        {seen && <span className="badge badge--seen">Déjà vu</span>}
        <PriceDropBadge formerPrice={property.formerPrice} />
        <VerifiedOnSiteBadge at={property.verifiedOnSiteAt} />
      </div>
      <p className="map-popup__title">{property.title}</p>
      <p className="map-popup__address">
        {property.address}, {property.city}
      </p>
      <ListingPrice property={property} className="map-popup__price" />
      <button
        type="button"
        className="button button--primary map-popup__details"
        onClick={() => navigate(`/property/${encodeURIComponent(property.id)}`)}
      >
        Voir les détails
      </button>
    </div>
  );
}
