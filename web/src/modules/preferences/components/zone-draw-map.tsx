import { GEO_SEARCH, ZZone, type TLatLng } from '@flaneur/schema';
import { useState } from 'react';
import { useLocationTracking } from '../../discovery/hooks/use-location-tracking';
import { BaseMap } from '../../map/components/base-map';
import { Marker } from '../../map/components/map-parts';
import { ZoneLayer } from '../../map/components/zone-layer';
import { DEFAULT_CENTER, initialView } from '../../map/lib/map-config';
import './zone-draw.css';

interface ZoneDrawMapProps {
  /** The zone of the criteria being edited (shown until a new one is drawn). */
  zone: readonly TLatLng[] | null;
  /** A finished, valid zone, or null once cleared. */
  onChange: (zone: TLatLng[] | null) => void;
}

/** A tapped position at the 7 decimals a listing's position is stored with. */
const at7 = (v: number) => Number(v.toFixed(7));

/**
 * Draws the zone on a map, with the finger or the mouse: each tap (click) on the map adds a corner, « Retirer le
 * dernier point » takes the last one back, « Terminer » closes the zone when it is valid (3 to 100 points, edges that
 * do not cross: the shared rule's French message otherwise), « Effacer la zone » removes it. Opens on the zone, else
 * on the walker's last known position. Loaded lazily with the map library.
 */
export default function ZoneDrawMap({ zone, onChange }: ZoneDrawMapProps) {
  const [draft, setDraft] = useState<TLatLng[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Without a zone: around the walker's last known position (never asked for here), else Paris.
  const lastFix = useLocationTracking().lastFix;
  const [initial] = useState(() => initialView(zone?.length ? zone : [lastFix ?? DEFAULT_CENTER]));

  const add = (point: TLatLng) => {
    setError(null);
    setDraft((current) => (current.length >= GEO_SEARCH.zonePointsMax ? current : [...current, point]));
  };
  const finish = () => {
    const parsed = ZZone.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setDraft([]);
    onChange(parsed.data);
  };
  const clear = () => {
    setDraft([]);
    setError(null);
    onChange(null);
  };

  return (
    <div className="zone-draw">
      <p className="zone-draw__hint" id="zone-draw-hint">
        Touchez la carte pour placer les coins de la zone ({GEO_SEARCH.zonePointsMin} à {GEO_SEARCH.zonePointsMax}{' '}
        points), puis « Terminer ».
      </p>
      <BaseMap
        label="Carte de la zone dessinée"
        className="base-map--small zone-draw__map"
        initialViewState={initial}
        doubleClickZoom={false}
        cursor="crosshair"
        onClick={(event) => add({ latitude: at7(event.lngLat.lat), longitude: at7(event.lngLat.lng) })}
      >
        {draft.length === 0 && zone && <ZoneLayer id="zone-saved" points={zone} />}
        {draft.length > 0 && <ZoneLayer id="zone-draft" points={draft} closed={false} />}
        {draft.map((p, i) => (
          <Marker key={i} latitude={p.latitude} longitude={p.longitude} anchor="center">
            <span className="zone-draw__vertex" role="img" aria-label={`Point ${i + 1}`} />
          </Marker>
        ))}
      </BaseMap>
      <p className="zone-draw__status" aria-live="polite">
        {draft.length > 0
          ? `${draft.length} point${draft.length > 1 ? 's' : ''} placé${draft.length > 1 ? 's' : ''}`
          : ''}
      </p>
      {error && (
        <p className="zone-draw__error" role="alert">
          {error}
        </p>
      )}
      <div className="zone-draw__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={draft.length === 0}
          onClick={() => setDraft((current) => current.slice(0, -1))}
        >
          Retirer le dernier point
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={draft.length < GEO_SEARCH.zonePointsMin}
          onClick={finish}
        >
          Terminer
        </button>
        <button
          type="button"
          className="button button--link button--small"
          disabled={!zone && draft.length === 0}
          onClick={clear}
        >
          Effacer la zone
        </button>
      </div>
    </div>
  );
}
