import { clusterMarkers } from './cluster-markers';

const at = (latitude: number, longitude: number, id: string) => ({ latitude, longitude, id });

describe('clusterMarkers', () => {
  // Two listings 40 m apart in the Marais, a third 1.5 km away.
  const points = [at(48.8575, 2.3581, 'a'), at(48.8578, 2.3585, 'b'), at(48.8462, 2.3464, 'c')];

  it('should draw listings whose price markers would overlap as one group, at their mean position', () => {
    const groups = clusterMarkers(points, 14);
    expect(groups.map((g) => g.points.map((p) => p.id))).toEqual([['a', 'b'], ['c']]);
    expect(groups[0].latitude).toBeCloseTo(48.85765, 5);
    expect(groups[0].longitude).toBeCloseTo(2.3583, 4);
  });

  it('should part them once zoomed in far enough for each marker to stand alone', () => {
    expect(clusterMarkers(points, 18).map((g) => g.points.length)).toEqual([1, 1, 1]);
  });
});
