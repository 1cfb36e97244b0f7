import { boundsOf, DEFAULT_CENTER, initialView, rasterStyle, validPoints } from './map-config';

describe('map config', () => {
  it('should build a raster style of 256 px tiles with the OpenStreetMap attribution', () => {
    const style = rasterStyle('https://tiles.example/{z}/{x}/{y}.png');
    expect(style.sources.tiles).toEqual(
      expect.objectContaining({
        type: 'raster',
        tiles: ['https://tiles.example/{z}/{x}/{y}.png'],
        tileSize: 256,
        attribution: '© OpenStreetMap',
      }),
    );
  });

  it('should centre on Paris at zoom 14 when there is no point', () => {
    expect(initialView([])).toEqual({ ...DEFAULT_CENTER, zoom: 14 });
  });

  it('should centre on the only point at zoom 14', () => {
    expect(initialView([{ latitude: 45.76, longitude: 4.83 }])).toEqual({ latitude: 45.76, longitude: 4.83, zoom: 14 });
  });

  it('should fit the bounds with padding 50 when there is more than one point', () => {
    const view = initialView([
      { latitude: 48.85, longitude: 2.35 },
      { latitude: 48.87, longitude: 2.3 },
    ]);
    expect(view).toEqual({
      bounds: [
        [2.3, 48.85],
        [2.35, 48.87],
      ],
      fitBoundsOptions: { padding: 50, maxZoom: 17 },
    });
  });

  it('should drop points without usable coordinates', () => {
    expect(
      validPoints([
        { latitude: Number.NaN, longitude: 2 },
        { latitude: 91, longitude: 2 },
      ]),
    ).toEqual([]);
    expect(boundsOf([])).toBeNull();
  });
});
