import type { ComponentType, ReactNode, Ref } from 'react';
import type { LayerProps, MapRef, MarkerProps, PopupProps, SourceProps } from 'react-map-gl/maplibre';

/**
 * What a map renderer brings: react-map-gl's components bound to one map library (maplibre-gl or mapbox-gl), and
 * the props its map needs (style, worker, token). A page never picks one: BaseMap loads the configured renderer and
 * map-parts.tsx hands its Marker, Popup, Source and Layer to the maps' children.
 */
export interface MapRenderer {
  name: 'maplibre' | 'mapbox';
  Map: ComponentType<Record<string, unknown> & { ref?: Ref<MapRef>; children?: ReactNode }>;
  Marker: ComponentType<MarkerProps>;
  Popup: ComponentType<PopupProps>;
  Source: ComponentType<SourceProps>;
  Layer: ComponentType<LayerProps>;
  NavigationControl: ComponentType<{ position?: string; showCompass?: boolean }>;
  /** The renderer's own map props (style, worker URL or access token, French texts). */
  mapProps: () => Record<string, unknown>;
}
