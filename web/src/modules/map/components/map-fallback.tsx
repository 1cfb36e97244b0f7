import type { RefObject } from 'react';
import '../map.css';

/** A map's box while its chunk (or what it shows) loads: the map's exact size, so nothing moves when it arrives. */
export function MapFallback({ className, boxRef }: { className: string; boxRef?: RefObject<HTMLDivElement | null> }) {
  return (
    <div ref={boxRef} className={`base-map base-map--loading ${className}`} role="status">
      <span className="visually-hidden">Chargement de la carte…</span>
    </div>
  );
}
