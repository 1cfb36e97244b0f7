import { LIMITS } from '@flaneur/schema';
import { BaseMap } from './base-map';
import { Marker } from './map-parts';

interface LocationMapProps {
  latitude: number;
  longitude: number;
}

/** The detail screen's small map: zoom 15, wheel zoom off, one marker at the listing. */
export default function LocationMap({ latitude, longitude }: LocationMapProps) {
  return (
    <BaseMap
      label="Carte de la localisation du bien"
      className="base-map--small"
      initialViewState={{ latitude, longitude, zoom: LIMITS.detailMapZoom }}
      scrollZoom={false}
      cooperativeGestures={false}
    >
      <Marker latitude={latitude} longitude={longitude} anchor="bottom" color="#1f4e79" />
    </BaseMap>
  );
}
