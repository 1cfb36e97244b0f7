import { useQuery } from '@apollo/client/react';
import type { TSearchFilters } from '@flaneur/schema';
import { PassedAroundDocument } from '../../../gql/graphql';
import { formatNumber } from '../../../lib/format';
import { useSavePreferencesMutation } from '../../preferences/hooks/use-save-preferences-mutation';
import { exclusionSentence, relaxed, relaxLabel } from '../lib/walk-passed';
import '../walks.css';

const counted = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * The Explorer's empty result told as it is: how many listings lie within the radius, the criteria that left the
 * most out, and a one-tap way to relax the first (the same tally as a walk's).
 */
export function PlaceTruth({
  centre,
  filters,
}: {
  centre: { latitude: number; longitude: number };
  filters: TSearchFilters;
}) {
  const { data } = useQuery(PassedAroundDocument, {
    variables: { latitude: centre.latitude, longitude: centre.longitude, searchFilters: filters },
  });
  const { savePreferences, loading } = useSavePreferencesMutation();
  const passed = data?.passedAround;
  const radius = `${formatNumber(filters.radius)} km`;
  const top = passed?.excluded[0];
  const why = passed && exclusionSentence(passed.excluded, filters, ['bien de ce rayon est', 'biens de ce rayon sont']);

  return (
    <div className="empty-state walk-truth" role="group" aria-label="Autour de ce lieu">
      <p>Aucun bien ne correspond à vos critères dans ce rayon.</p>
      {passed && (
        <p className="empty-state__text">
          {passed.passed === 0
            ? `Aucun bien n'est publié à moins de ${radius}.`
            : `${counted(passed.passed, 'bien est publié', 'biens sont publiés')} à moins de ${radius}.`}
        </p>
      )}
      {why && <p className="empty-state__text">{why}.</p>}
      {top && (
        <button
          type="button"
          className="button button--secondary"
          disabled={loading}
          onClick={() => void savePreferences(relaxed(filters, top.criterion))}
        >
          {relaxLabel(top.criterion)}
        </button>
      )}
    </div>
  );
}
