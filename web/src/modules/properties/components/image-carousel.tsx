import { useRef, useState } from 'react';
import type { ListingPhoto } from '../lib/images';
import '../carousel.css';

interface ImageCarouselProps {
  photos: readonly ListingPhoto[];
  title: string;
}

/** The photos fill the carousel's width: the whole screen on a phone, 40rem past it. */
const PHOTO_SIZES = '(max-width: 40rem) 100vw, 40rem';

/**
 * Swipeable photos (CSS scroll snap) with dot indicators and, from two photos, previous/next buttons. The first
 * photo is the screen's largest paint: fetched first (fetchpriority high, never lazy), at the width the screen needs
 * (srcset of the stored widths), in a 4:3 box sized before it loads. The others load lazily.
 */
export function ImageCarousel({ photos, title }: ImageCarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const count = photos.length;

  const goTo = (next: number) => {
    const target = (next + count) % count;
    const el = track.current;
    el?.scrollTo?.({ left: target * el.clientWidth, behavior: 'smooth' });
    setIndex(target);
  };

  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    setIndex(Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / el.clientWidth))));
  };

  return (
    <section className="carousel" aria-roledescription="carrousel" aria-label={`Photos : ${title}`}>
      {/* Focusable so keyboard users can scroll the photos with the arrow keys. */}
      <div ref={track} className="carousel__track" onScroll={onScroll} tabIndex={0}>
        {photos.map((photo, i) => (
          <div
            key={photo.url}
            className="carousel__slide"
            role="group"
            aria-roledescription="diapositive"
            aria-label={`Photo ${i + 1} sur ${count}`}
          >
            <img
              src={photo.url}
              srcSet={photo.srcset || undefined}
              sizes={photo.srcset ? PHOTO_SIZES : undefined}
              width={photo.width ?? undefined}
              height={photo.height ?? undefined}
              alt={i === 0 ? title : ''}
              {...(i === 0
                ? { fetchPriority: 'high' as const }
                : { loading: 'lazy' as const, decoding: 'async' as const })}
            />
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="carousel__nav carousel__nav--prev"
            aria-label="Photo précédente"
            onClick={() => goTo(index - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="carousel__nav carousel__nav--next"
            aria-label="Photo suivante"
            onClick={() => goTo(index + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
          <div className="carousel__dots">
            {photos.map((photo, i) => (
              <button
                key={photo.url}
                type="button"
                className="carousel__dot"
                aria-label={`Afficher la photo ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
