import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { buildProperty } from '../../properties/testing/factories';
import { lastMapProps, mapCameraCalls } from '../testing/react-map-gl.mock';
import ExplorerMap from './explorer-map';

const properties = [
  buildProperty({ id: '1', title: 'Studio Marais', latitude: 48.8575, longitude: 2.3581, price: 900 }),
  buildProperty({ id: '2', title: 'T2 Marais', latitude: 48.8578, longitude: 2.3585, price: 1200 }),
  buildProperty({ id: '3', title: 'Loft Bastille', latitude: 48.8462, longitude: 2.3464, price: 1500 }),
];
const loadAt = (zoom: number) =>
  act(() => (lastMapProps.current?.onLoad as unknown as (e: object) => void)({ target: { getZoom: () => zoom } }));

describe('the Explorer map with listings too close to be told apart', () => {
  it('should group them as « 2 biens », which zooms in on them, and keep the others alone', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <ExplorerMap centre={{ latitude: 48.853, longitude: 2.35 }} centreIsHere properties={properties} />
      </MemoryRouter>,
    );
    loadAt(14);
    expect(screen.queryByRole('button', { name: /^Studio Marais/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Loft Bastille/ })).toBeInTheDocument();
    mapCameraCalls.fitBounds.length = 0;
    await user.click(
      screen.getByRole('button', { name: '2 biens ici (Studio Marais, T2 Marais) : zoomer pour les voir' }),
    );
    expect(mapCameraCalls.fitBounds).toHaveLength(1);
    act(() =>
      (lastMapProps.current as unknown as { onZoomEnd: (e: object) => void }).onZoomEnd({ viewState: { zoom: 18 } }),
    );
    expect(screen.getByRole('button', { name: /^Studio Marais/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^T2 Marais/ })).toBeInTheDocument();
  });
});
