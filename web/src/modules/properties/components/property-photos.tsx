import type { ListingPhoto } from '../lib/images';
import { ImageCarousel } from './image-carousel';
import { PlaceholderIcon } from './placeholder-icon';

/**
 * The carousel, or a placeholder icon when the listing has no photo. The carousel is part of the detail screen's
 * chunk, not one of its own: its first photo is the screen's largest paint, and a chunk fetched after the listing
 * would delay it by a round trip.
 */
export function PropertyPhotos({ photos, title }: { photos: readonly ListingPhoto[]; title: string }) {
  if (photos.length === 0) {
    return (
      <div className="property-photos property-photos--empty">
        <PlaceholderIcon size={64} />
      </div>
    );
  }
  return <ImageCarousel photos={photos} title={title} />;
}
