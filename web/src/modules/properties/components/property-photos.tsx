import { lazy, Suspense } from 'react';
import { PlaceholderIcon } from './placeholder-icon';

// The carousel is its own chunk: heavy parts load lazily.
const ImageCarousel = lazy(() => import('./image-carousel'));

/** The carousel, or a placeholder icon when the listing has no photo. */
export function PropertyPhotos({ images, title }: { images: readonly string[]; title: string }) {
  if (images.length === 0) {
    return (
      <div className="property-photos property-photos--empty">
        <PlaceholderIcon size={64} />
      </div>
    );
  }
  return (
    <Suspense fallback={<div className="property-photos property-photos--loading" aria-hidden="true" />}>
      <ImageCarousel images={images} title={title} />
    </Suspense>
  );
}
