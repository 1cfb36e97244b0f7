import { useState } from 'react';
import { thumbnailUrl, type ListingPhoto } from '../lib/images';
import { PlaceholderIcon } from './placeholder-icon';

interface PropertyThumbnailProps {
  photos: readonly ListingPhoto[];
  className?: string;
  /** The width the image is shown at (its CSS box), for the browser's pick in the srcset. */
  sizes?: string;
  /** The first card of a list, in view at once (likely the largest paint): fetched at once, before the others. */
  priority?: boolean;
}

/**
 * The first photo as a card image: the 400 px width first, larger ones from the srcset on dense screens, loaded
 * lazily (a list's first card: at once, with a high priority). Falls back to the full photo, then to the placeholder
 * icon.
 */
export function PropertyThumbnail({
  photos,
  className = '',
  sizes = '6.5rem',
  priority = false,
}: PropertyThumbnailProps) {
  const first = photos[0];
  // 0: the thumbnail and its srcset; 1: the full photo alone; 2: nothing loads.
  const [failures, setFailures] = useState(0);

  if (!first || failures >= 2) {
    return (
      <div className={`property-image property-image--empty ${className}`}>
        <PlaceholderIcon />
      </div>
    );
  }
  const srcSet = failures === 0 && first.srcset ? first.srcset : undefined;
  return (
    <img
      className={`property-image ${className}`}
      src={failures === 0 ? thumbnailUrl(first.url) : first.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailures((n) => n + 1)}
    />
  );
}
