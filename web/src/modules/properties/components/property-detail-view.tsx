import { FEATURE_LABELS, LISTING_MSG } from '@flaneur/schema';
import { BackButton } from '../../../components/back-button';
import type { PropertyDetail_PropertyFragment } from '../../../gql/graphql';
import { FavoriteToggle } from '../../favorites/components/favorite-toggle';
import { LazyLocationMap } from '../../map/components/lazy-maps';
import { ListingKindBadge, PriceDropBadge, VerifiedOnSiteBadge } from './badges';
import { ListingPrice } from './listing-price';
import { PriceHistory } from './price-history';
import { AdvertiserBadge, EnergyMentions, RentalMentions, RisksMention, SaleMentions } from './legal-mentions';
import { ContactAgent } from './contact-agent';
import { isProfessionalListing } from '../lib/advertiser-contact';
import { CorrectLocationLink } from './owner-location-fix';
import { PropertyPhotos } from './property-photos';
import { PropertyStats } from './property-stats';
import { ShareButton } from './share-button';
import { VisitRequestCard } from '../../visit-requests/components/visit-request-card';
import { MarketPanel } from '../../market/components/market-panel';
import { HiddenListingNotice, ReportListing } from '../../moderation/components/report-listing';
import '../property.css';

/** Every element of the detail screen, in order. */
export function PropertyDetailView({ property }: { property: PropertyDetail_PropertyFragment }) {
  const features = property.features.filter((f) => FEATURE_LABELS[f]);
  return (
    <div className="page property-detail">
      <div className="property-detail__toolbar">
        <BackButton variant="text" />
        <div className="property-detail__tools">
          <FavoriteToggle property={property} />
          <ShareButton title={property.title} />
        </div>
      </div>

      {property.listingState === 'withdrawn' && (
        <p className="notice notice--error" role="status">
          <strong>{LISTING_MSG.stateLabel_withdrawn}</strong> — {LISTING_MSG.withdrawnNotice}
        </p>
      )}
      <HiddenListingNotice property={property} />
      {property.listingState === 'draft' && (
        <p className="notice notice--error" role="status">
          <strong>{LISTING_MSG.draftNotice}</strong> {property.draftReason}
        </p>
      )}

      <PropertyPhotos photos={property.photos} title={property.title} />

      <section className="card property-detail__summary" aria-labelledby="property-title">
        <div className="property-card__badges">
          <ListingKindBadge isRental={property.isRental} />
          <AdvertiserBadge advertiser={property.advertiser} professional={isProfessionalListing(property)} />
          <PriceDropBadge formerPrice={property.formerPrice} />
          <VerifiedOnSiteBadge at={property.verifiedOnSiteAt} />
        </div>
        <h2 id="property-title" className="property-detail__title">
          {property.title}
        </h2>
        <ListingPrice property={property} className="property-detail__price" />
        <PriceHistory property={property} />
        <p className="property-detail__address">
          {property.address}, {property.postalCode} {property.city}
        </p>
        <PropertyStats property={property} />
      </section>

      <section className="card" aria-labelledby="property-description">
        <h2 id="property-description" className="card__title">
          Description
        </h2>
        <p className="property-detail__description">{property.description}</p>
      </section>

      <RentalMentions property={property} />
      <SaleMentions property={property} />
      <EnergyMentions property={property} />

      {features.length > 0 && (
        <section className="card" aria-labelledby="property-features">
          <h2 id="property-features" className="card__title">
            Caractéristiques
          </h2>
          <ul className="feature-list">
            {features.map((feature) => (
              <li key={feature} className="feature-list__item">
                {FEATURE_LABELS[feature]}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="card property-detail__location" aria-labelledby="property-location">
        <h2 id="property-location" className="card__title">
          Localisation
        </h2>
        <LazyLocationMap latitude={property.latitude} longitude={property.longitude} />
        <CorrectLocationLink id={property.id} ownerId={property.ownerId ?? null} />
      </section>

      <RisksMention />

      <ContactAgent property={property} />

      <VisitRequestCard property={property} />
      {/* Read after the listing: below the actions, so that its arrival moves nothing one is about to tap. */}
      <MarketPanel propertyId={property.id} />

      <ReportListing property={property} />
    </div>
  );
}
