import { useState } from 'react';
import { toast } from '../../../components/toaster/use-toast';
import type { PropertyCard_PropertyFragment } from '../../../gql/graphql';
import { useAddFavoriteMutation } from '../hooks/use-add-favorite-mutation';
import { useFavoritesQuery } from '../hooks/use-favorites-query';
import { useRemoveFavoriteMutation } from '../hooks/use-remove-favorite-mutation';
import { FAVORITE_MESSAGES } from '../lib/favorite-messages';
import '../favorites.css';

interface FavoriteToggleProps {
  property: PropertyCard_PropertyFragment;
  /** "overlay" sits on a photo (white disc); "plain" sits in a header or a card body. */
  variant?: 'overlay' | 'plain';
}

/**
 * The one favourite control: reads the state for a signed-in user, flips at once, reverts
 * with the error toast on failure, is disabled while busy; signed out, it asks to sign in.
 */
export function FavoriteToggle({ property, variant = 'plain' }: FavoriteToggleProps) {
  const { ids, signedIn } = useFavoritesQuery();
  const { addFavorite } = useAddFavoriteMutation();
  const { removeFavorite } = useRemoveFavoriteMutation();
  // The flipped state while the call runs, whether or not the list is in the cache.
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? ids.has(property.id);

  const onClick = async () => {
    if (!signedIn) {
      toast(FAVORITE_MESSAGES.signedOut);
      return;
    }
    const next = !checked;
    setPending(next);
    try {
      await (next ? addFavorite(property) : removeFavorite(property.id));
    } finally {
      setPending(null);
    }
  };

  return (
    <button
      type="button"
      className={`favorite-toggle favorite-toggle--${variant}`}
      aria-pressed={checked}
      aria-label={checked ? 'Retirer des favoris' : 'Ajouter aux favoris'}
      title={checked ? 'Retirer des favoris' : 'Ajouter aux favoris'}
      disabled={pending !== null}
      aria-busy={pending !== null || undefined}
      onClick={() => void onClick()}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M19.5 12.6 12 20l-7.5-7.4A4.9 4.9 0 0 1 12 6.1a4.9 4.9 0 0 1 7.5 6.5Z" />
      </svg>
    </button>
  );
}
