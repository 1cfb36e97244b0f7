import { LIMITS } from '@flaneur/schema';
import { useEffect, useRef } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { DEFAULT_CENTER } from '../lib/map-config';
import { BaseMap } from './base-map';
import { Marker } from './map-parts';

/** A position on the map, as the owner places it. */
export interface PlacedPoint {
  latitude: number;
  longitude: number;
}

interface PlacementMapProps {
  /** Where the pin is; null: no pin yet (the map shows the default centre). */
  point: PlacedPoint | null;
  /** The owner dragged the pin or tapped the map there. */
  onPlace: (point: PlacedPoint) => void;
}

const round = (n: number) => Math.round(n * 1e7) / 1e7;

/**
 * The listing form's small map: a pin the owner drags, or a tap that moves it, to place the listing. When the point
 * changes from elsewhere (address found, current position, typed coordinates) the map flies to it.
 */
export default function PlacementMap({ point, onPlace }: PlacementMapProps) {
  const map = useRef<MapRef>(null);
  const placedHere = useRef<string | null>(null);
  const key = point ? `${point.latitude},${point.longitude}` : null;

  const shown = useRef(key);
  useEffect(() => {
    if (key === shown.current) return;
    shown.current = key;
    if (!point || key === placedHere.current) return;
    map.current?.flyTo({ center: [point.longitude, point.latitude], zoom: LIMITS.detailMapZoom });
  }, [key, point]);

  const place = (lng: number, lat: number) => {
    const next = { latitude: round(lat), longitude: round(lng) };
    placedHere.current = `${next.latitude},${next.longitude}`;
    onPlace(next);
  };

  const start = point ?? DEFAULT_CENTER;
  return (
    <BaseMap
      ref={map}
      label="Carte de placement du bien : touchez la carte ou faites glisser le repère"
      className="base-map--small base-map--placement"
      initialViewState={{ latitude: start.latitude, longitude: start.longitude, zoom: LIMITS.detailMapZoom }}
      scrollZoom={false}
      cursor="crosshair"
      onClick={(event) => place(event.lngLat.lng, event.lngLat.lat)}
    >
      {point && (
        <Marker
          latitude={point.latitude}
          longitude={point.longitude}
          anchor="bottom"
          color="#1f4e79"
          draggable
          onDragEnd={(event) => place(event.lngLat.lng, event.lngLat.lat)}
        />
      )}
    </BaseMap>
  );
}
