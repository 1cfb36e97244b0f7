import type { LayerProps, MarkerProps, PopupProps, SourceProps } from 'react-map-gl/maplibre';
import { useEnclosingRenderer } from './base-map';

// Children of a BaseMap take these, never react-map-gl/maplibre's or /mapbox's own: each renderer's components
// only work inside a map of the same library (docs/decisions.md, « Map renderer »).

/** A marker of the enclosing map's renderer. */
export function Marker(props: MarkerProps) {
  const { Marker: RendererMarker } = useEnclosingRenderer();
  return <RendererMarker {...props} />;
}

/** A popup of the enclosing map's renderer. */
export function Popup(props: PopupProps) {
  const { Popup: RendererPopup } = useEnclosingRenderer();
  return <RendererPopup {...props} />;
}

/** A GeoJSON (or other) source of the enclosing map's renderer. */
export function Source(props: SourceProps) {
  const { Source: RendererSource } = useEnclosingRenderer();
  return <RendererSource {...props} />;
}

/** A style layer of the enclosing map's renderer. */
export function Layer(props: LayerProps) {
  const { Layer: RendererLayer } = useEnclosingRenderer();
  return <RendererLayer {...props} />;
}
