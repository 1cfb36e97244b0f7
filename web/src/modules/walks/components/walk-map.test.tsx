import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastMapProps, mapCameraCalls } from '../../map/testing/react-map-gl.mock';
import { buildHistoryItem } from '../../properties/testing/factories';
import WalkMap from './walk-map';

const discoveries = [
  buildHistoryItem({ id: 'e1' }, { id: '1', title: 'Studio Marais', latitude: 48.8575, longitude: 2.3581, price: 900 }),
  buildHistoryItem({ id: 'e2' }, { id: '2', title: 'T2 Marais', latitude: 48.8578, longitude: 2.3585, price: 1200 }),
  buildHistoryItem(
    { id: 'e3' },
    { id: '3', title: 'Loft Bastille', latitude: 48.8462, longitude: 2.3464, price: 1500 },
  ),
];
const path = [
  { latitude: 48.8462, longitude: 2.3464 },
  { latitude: 48.8575, longitude: 2.3581 },
];

describe('the walk map', () => {
  it('should draw listings too close to read as « 2 biens », zooming in on them when tapped', async () => {
    const user = userEvent.setup();
    mapCameraCalls.fitBounds.length = 0;
    render(<WalkMap path={path} discoveries={discoveries} />);
    expect(screen.getByRole('img', { name: /^Studio Marais/ })).toBeInTheDocument();
    act(() => (lastMapProps.current?.onLoad as unknown as (e: object) => void)({ target: { getZoom: () => 14 } }));
    expect(screen.queryByRole('img', { name: /^Studio Marais/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Loft Bastille/ })).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: '2 biens ici (Studio Marais, T2 Marais) : zoomer pour les voir' }),
    );
    expect(mapCameraCalls.fitBounds).toHaveLength(1);
  });
});
