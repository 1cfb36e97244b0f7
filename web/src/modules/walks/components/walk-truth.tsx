import { useQuery } from '@apollo/client/react';
import { WALK_MSG } from '@flaneur/schema';
import type { ReactNode } from 'react';
import { LatestWalkPassedDocument } from '../../../gql/graphql';
import { formatCardDate, formatNumber, formatTime } from '../../../lib/format';
import { useLocationTracking } from '../../discovery/hooks/use-location-tracking';
import { useSavePreferencesMutation } from '../../preferences/hooks/use-save-preferences-mutation';
import { useSearchFilters } from '../../preferences/hooks/use-search-filters';
import { exclusionSentence, passedSentence, relaxed, relaxLabel } from '../lib/walk-passed';
import '../walks.css';

/**
 * What the latest walk met, when it discovered nothing: since when tracking is on, the positions received, the
 * listings passed within the radius and how many match, the criteria that left the most out, and a one-tap way to
 * relax the first of them. `fallback` when the user never walked with tracking on.
 */
export function WalkTruth({ fallback }: { fallback: ReactNode }) {
  const tracking = useLocationTracking();
  // Asked again on each visit: the walk goes on while the screen is away.
  const { data, loading: reading, refetch } = useQuery(LatestWalkPassedDocument, { fetchPolicy: 'cache-and-network' });
  const { filters } = useSearchFilters();
  const { savePreferences, loading } = useSavePreferencesMutation();
  const walk = data?.walks.nodes[0];
  if (!data && reading) return null;
  if (!walk) return tracking.running ? <p className="empty-state__text">{WALK_MSG.walkWaitingFix}</p> : fallback;

  const live = tracking.running && !walk.endedAt;
  const since = live
    ? WALK_MSG.walkTrackingSince.replace('{time}', formatTime(walk.startedAt))
    : WALK_MSG.walkLastWalk.replace('{date}', formatCardDate(walk.startedAt));
  const top = walk.passed.excluded[0];
  const why = exclusionSentence(walk.passed.excluded, filters);

  const relax = async () => {
    if (top && (await savePreferences(relaxed(filters, top.criterion)))) await refetch();
  };

  return (
    <div className="walk-truth" role="group" aria-label="Votre balade">
      <p className="empty-state__text">
        {since} : {passedSentence(walk.passed, `${formatNumber(filters.radius)} km`)}
      </p>
      {why && <p className="empty-state__text">{why}.</p>}
      {top && (
        <button type="button" className="button button--secondary" disabled={loading} onClick={() => void relax()}>
          {relaxLabel(top.criterion)}
        </button>
      )}
    </div>
  );
}
