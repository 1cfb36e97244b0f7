import { useState } from 'react';
import { thumbnailUrl } from '../lib/images';
import { PlaceholderIcon } from './placeholder-icon';

interface PropertyThumbnailProps {
  images: readonly string[];
  className?: string;
}

/** The first photo as a thumbnail (falls back to the full photo, then to the placeholder icon). */
export function PropertyThumbnail({ images, className = '' }: PropertyThumbnailProps) {
  const first = images[0];
  const [src, setSrc] = useState<string | null>(first ? thumbnailUrl(first) : null);

  if (!src || !first) {
    return (
      <div className={`property-image property-image--empty ${className}`}>
        <PlaceholderIcon />
      </div>
    );
  }
  return (
    <img
      className={`property-image ${className}`}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setSrc((current) => (current !== first ? first : null))}
    />
  );
}
