import { useRef, useState } from 'react';
import { thumbnailUrl } from '../lib/images';
import '../carousel.css';

interface ImageCarouselProps {
  images: readonly string[];
  title: string;
}

/** Swipeable photos (CSS scroll snap) with dot indicators and, from two photos, previous/next buttons. */
export default function ImageCarousel({ images, title }: ImageCarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const count = images.length;

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
        {images.map((src, i) => (
          <div
            key={src}
            className="carousel__slide"
            role="group"
            aria-roledescription="diapositive"
            aria-label={`Photo ${i + 1} sur ${count}`}
          >
            <img
              src={src}
              srcSet={src.endsWith('.webp') ? `${thumbnailUrl(src)} 400w, ${src} 1600w` : undefined}
              sizes="(max-width: 40rem) 100vw, 40rem"
              alt={i === 0 ? title : ''}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
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
            {images.map((src, i) => (
              <button
                key={src}
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
