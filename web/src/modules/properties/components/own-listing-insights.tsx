import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { ListingStatsDocument } from '../../../gql/graphql';
import { ListingFunnel, PeriodSwitch, type StatsDays } from './listing-funnel';
import { VerifyOnSiteButton } from './verify-on-site-button';

/**
 * What the owner sees of their listing on its detail screen (loaded only for the owner): the walk-by funnel of the
 * last 7 or 30 days and « Je suis devant le bien ».
 */
export default function OwnListingInsights({ propertyId }: { propertyId: string }) {
  const [days, setDays] = useState<StatsDays>(30);
  const { data, loading, error } = useQuery(ListingStatsDocument, {
    variables: { id: propertyId, days },
    fetchPolicy: 'cache-and-network',
  });
  const stats = data?.property.stats;
  return (
    <section className="own-listing-insights" aria-labelledby="own-listing-stats-title">
      <h3 id="own-listing-stats-title" className="section-title">
        Statistiques de l'annonce
      </h3>
      <PeriodSwitch days={days} onChange={setDays} />
      {loading && !stats ? (
        <Spinner label="Chargement des statistiques…" />
      ) : stats ? (
        <ListingFunnel stats={stats} />
      ) : error ? (
        <p role="alert">Statistiques indisponibles pour le moment.</p>
      ) : null}
      <div className="contact-agent__actions">
        <VerifyOnSiteButton propertyId={propertyId} />
      </div>
    </section>
  );
}
