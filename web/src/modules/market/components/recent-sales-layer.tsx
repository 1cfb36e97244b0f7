import { MARKET_RULES } from '@flaneur/schema';
import { skipToken, useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { useHydrated } from '../../../components/client-only';
import { RecentSalesDocument } from '../../../gql/graphql';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { ClusterMarker } from '../../map/components/cluster-marker';
import { Marker } from '../../map/components/map-parts';
import { groupMarkers } from '../../map/lib/cluster-markers';
import { formatMarketDay, formatPerM2 } from '../lib/market-format';
import '../market.css';

/** The area asked for: the centre of the visible map and the radius reaching its corners (≤ 1,000 m). */
export interface SalesArea {
  latitude: number;
  longitude: number;
  radiusM: number;
  zoom: number;
}

const TYPE_LABELS = { apartment: 'Appartement', house: 'Maison' } as const;
/** Sales asked for an area: one page of the most recent (the query's largest). */
const SALES_SHOWN = MARKET_RULES.pageMax;

/** Metres between two points (haversine, mean Earth radius). */
function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The area of the map's current view: its centre (to about 10 m, so that a nudge asks nothing new) and the distance
 * to its farthest corner, in steps of 50 m, at most the query's 1,000 m (zoomed out, the sales around the centre).
 */
export function areaOf(map: Pick<MapRef, 'getCenter' | 'getBounds' | 'getZoom'>): SalesArea {
  const c = map.getCenter();
  const b = map.getBounds();
  const corner = Math.max(metresBetween(c, b.getNorthEast()), metresBetween(c, b.getSouthWest()));
  const radiusM = Math.min(MARKET_RULES.nearRadiusMaxM, Math.max(50, Math.ceil(corner / 50) * 50));
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  return { latitude: round(c.lat), longitude: round(c.lng), radiusM, zoom: map.getZoom() };
}

/** « 10,5 k€/m² »: a sale's marker, short enough for a street. */
const compactPerM2 = (v: number) => `${formatNumber(v / 1000, 1)} k€/m²`;

/**
 * The « Ventes récentes » layer of a map (Découvertes, a walk): off at first; switched on, it asks for the most recent
 * recorded sales (DVF) around the visible area, then again when the map has moved, and draws them as small €/m²
 * markers, grouped when they would overlap (« N ventes », a tap zooms in). Nothing is asked (no query is even
 * mounted) while it is off. Renders only in the browser (the maps are client-only).
 */
export function RecentSalesLayer({ map }: { map: RefObject<MapRef | null> }) {
  const hydrated = useHydrated();
  const [on, setOn] = useState(false);
  if (!hydrated) return null;
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small recent-sales__toggle"
        aria-pressed={on}
        onClick={() => setOn((v) => !v)}
      >
        Ventes récentes
      </button>
      {on && <RecentSalesShown map={map} />}
    </>
  );
}

/** The sales of the visible area while the layer is on: their count, then their markers. */
function RecentSalesShown({ map }: { map: RefObject<MapRef | null> }) {
  const [area, setArea] = useState<SalesArea | null>(null);

  // Follow the map: each move asks for the area then in view.
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const follow = () => setArea(areaOf(m));
    follow();
    m.on('moveend', follow);
    return () => {
      m.off('moveend', follow);
    };
  }, [map]);

  const {
    data: current,
    previousData,
    loading,
    error,
  } = useQuery(
    RecentSalesDocument,
    area
      ? {
          variables: {
            near: { latitude: area.latitude, longitude: area.longitude, radiusM: area.radiusM },
            first: SALES_SHOWN,
          },
        }
      : skipToken,
  );
  // While the next area loads, the sales of the last one stay drawn.
  const data = current ?? previousData;
  const sales = useMemo(() => data?.sales.nodes ?? [], [data]);
  const groups = useMemo(() => groupMarkers(sales, area?.zoom ?? null), [sales, area?.zoom]);

  let status = 'Chargement des ventes…';
  if (data) {
    const n = sales.length;
    const more = data.sales.pageInfo.hasNextPage ? ' (les plus récentes)' : '';
    status =
      n === 0
        ? `Aucune vente enregistrée ici · Source : ${data.sales.source}`
        : `${formatNumber(n, 0)} ${n > 1 ? 'ventes récentes' : 'vente récente'}${more} · Source : ${data.sales.source}`;
  } else if (error && !loading) status = 'Ventes indisponibles pour le moment';
  return (
    <>
      <p className="recent-sales__status" role="status">
        {status}
      </p>
      {groups.map(({ points, latitude, longitude }, k) => {
        if (points.length > 1)
          return (
            <ClusterMarker
              key={`sales-${k}-${points.length}`}
              points={points.map((p) => ({ ...p, title: p.street }))}
              latitude={latitude}
              longitude={longitude}
              map={map}
              noun="ventes"
            />
          );
        const s = points[0];
        return (
          <Marker key={`sale-${k}-${s.dateMutation}`} latitude={latitude} longitude={longitude} anchor="bottom">
            <span
              className="price-marker price-marker--dvf"
              role="img"
              aria-label={`Vente du ${formatMarketDay(s.dateMutation)}, ${TYPE_LABELS[s.type]} de ${formatNumber(s.surface, 1)} m², ${formatCurrency(s.price)}, ${formatPerM2(s.pricePerM2)}, ${s.street}`}
            >
              {compactPerM2(s.pricePerM2)}
            </span>
          </Marker>
        );
      })}
    </>
  );
}
