import { screen } from '@testing-library/react';
import type * as ReactNS from 'react';
import type * as ReactDomClient from 'react-dom/client';
import type * as MapMock from '../testing/react-map-gl.mock';
import type * as BaseMapModule from './base-map';
import type * as MapParts from './map-parts';

/** The build constants vite.config.ts defines (jest.config.cjs sets them empty). */
const build = globalThis as unknown as { __MAPBOX_ACCESS_TOKEN__: string; __MAPBOX_STYLE_URL__: string };

/** The map modules evaluated afresh with the build constants given, as a build with those variables would be. */
function loadWith(token: string, style = '') {
  build.__MAPBOX_ACCESS_TOKEN__ = token;
  build.__MAPBOX_STYLE_URL__ = style;
  // A fresh registry, not an isolated one: the renderer chunk BaseMap imports later must share this React and mock.
  jest.resetModules();
  const modules: {
    React: typeof ReactNS;
    client: typeof ReactDomClient;
    mock: typeof MapMock;
    base: typeof BaseMapModule;
    parts: typeof MapParts;
  } = {
    React: jest.requireActual('react'),
    client: jest.requireActual('react-dom/client'),
    mock: jest.requireActual('../testing/react-map-gl.mock'),
    base: jest.requireActual('./base-map'),
    parts: jest.requireActual('./map-parts'),
  };
  return modules;
}

let unmount: (() => void) | null = null;

async function renderMap(token: string, style = '') {
  const { React, client, mock, base, parts } = loadWith(token, style);
  const container = document.body.appendChild(document.createElement('div'));
  const root = client.createRoot(container);
  unmount = () => {
    React.act(() => root.unmount());
    container.remove();
  };
  const h = React.createElement;
  await React.act(async () =>
    root.render(
      h(
        React.Suspense,
        { fallback: h('p', null, 'Chargement') },
        h(
          base.BaseMap,
          { label: 'Carte', initialViewState: { latitude: 45.76, longitude: 4.83, zoom: 15 } },
          h(parts.Marker, { latitude: 45.76, longitude: 4.83 }),
        ),
      ),
    ),
  );
  const region = await screen.findByRole('region', { name: 'Carte' });
  return { region, props: mock.lastMapProps.current as unknown as Record<string, unknown> };
}

afterEach(() => {
  unmount?.();
  unmount = null;
  build.__MAPBOX_ACCESS_TOKEN__ = '';
  build.__MAPBOX_STYLE_URL__ = '';
});

describe('BaseMap chooses its renderer by the build configuration', () => {
  it('should render with maplibre-gl on the raster tiles of TILE_URL without a Mapbox token', async () => {
    const { region, props } = await renderMap('');

    expect(region).toHaveAttribute('data-renderer', 'maplibre');
    expect(props.mapboxAccessToken).toBeUndefined();
    expect(props.mapStyle).toEqual(
      expect.objectContaining({
        sources: { tiles: expect.objectContaining({ tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'] }) },
      }),
    );
    expect(props.workerUrl).toBeDefined();
    expect(screen.getByTestId('map-marker')).toHaveAttribute('data-position', '45.76,4.83');
  });

  it('should render with mapbox-gl, its token and the Mapbox style when built with MAPBOX_ACCESS_TOKEN', async () => {
    const { region, props } = await renderMap('pk.test-token');

    expect(region).toHaveAttribute('data-renderer', 'mapbox');
    expect(props.mapboxAccessToken).toBe('pk.test-token');
    expect(props.mapStyle).toBe('mapbox://styles/mapbox/streets-v12');
    expect(props.language).toBe('fr');
    expect(props.workerUrl).toBeUndefined();
    // Markers come from the same renderer as the map.
    expect(screen.getByTestId('map-marker')).toHaveAttribute('data-position', '45.76,4.83');
  });

  it('should use MAPBOX_STYLE_URL when given', async () => {
    const { props } = await renderMap('pk.test-token', 'mapbox://styles/flaneur/custom');

    expect(props.mapStyle).toBe('mapbox://styles/flaneur/custom');
  });
});
