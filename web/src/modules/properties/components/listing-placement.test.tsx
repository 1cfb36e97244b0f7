import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@flaneur/schema';
import { GeocodeDocument } from '../../../gql/graphql';
import { buildUser, errorResult, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import { clickMap, dragMarkerTo, mapCameraCalls } from '../../map/testing/react-map-gl.mock';

const getCurrentPosition = jest.fn();

beforeAll(() => {
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition, clearWatch: jest.fn() },
    configurable: true,
  });
});

beforeEach(() => {
  mapCameraCalls.flyTo.length = 0;
  getCurrentPosition.mockImplementation((success: PositionCallback) =>
    success({ coords: { latitude: 48.8566, longitude: 2.3522 } } as GeolocationPosition),
  );
});

// The screen and its map load lazily: warm them so the first test does not pay for their compilation.
beforeAll(() =>
  Promise.all([import('../../../routes/add-property.page'), import('../../map/components/placement-map')]),
);

const address = (label: string, city: string, postcode: string, latitude: number, longitude: number) => ({
  __typename: 'GeocodedAddress' as const,
  label,
  city,
  postcode,
  latitude,
  longitude,
  score: 0.9,
});

const mouffetard = address('1 Rue Mouffetard 75005 Paris', 'Paris', '75005', 48.845, 2.3497);
const lyon = address('1 Rue Mouffetard 69003 Lyon', 'Lyon', '69003', 45.7578, 4.8351);

function geocodeMock(query: string, result: object) {
  return { request: { query: GeocodeDocument, variables: { query } }, ...result };
}

async function openForm(mocks: object[]) {
  const user = userEvent.setup();
  renderApp({ path: '/add-property', mocks: [meMock(buildUser()), ...(mocks as never[])] });
  await screen.findByRole('heading', { level: 1, name: 'Ajouter un bien' });
  await screen.findByRole('region', { name: /Carte de placement du bien/ });
  // The current position prefills the pin, as before.
  await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveValue(48.8566));
  return user;
}

async function typeAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Adresse'), '1 rue Mouffetard');
  await user.type(screen.getByLabelText('Code postal'), '75005');
  await user.type(screen.getByLabelText('Ville'), 'Paris');
}

const pin = () =>
  screen.getByRole('region', { name: /Carte de placement/ }).querySelector('[data-testid="map-marker"]');

describe('placing the listing on the map', () => {
  it('should keep the coordinates as an advanced field and put the pin at the current position', async () => {
    await openForm([]);

    const details = screen.getByText('Coordonnées (avancé)').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(within(details).getByLabelText('Latitude')).toHaveValue(48.8566);
    expect(within(details).getByLabelText('Longitude')).toHaveValue(2.3522);
    expect(pin()).toHaveAttribute('data-position', '48.8566,2.3522');
    expect(pin()).toHaveAttribute('data-draggable', 'true');
  }, 30_000);

  it('should look the address up, move the pin to the best match and let another suggestion be chosen', async () => {
    const user = await openForm([
      geocodeMock('1 rue Mouffetard, 75005 Paris', { result: { data: { geocode: [mouffetard, lyon] } } }),
    ]);
    await typeAddress(user);

    await user.click(screen.getByRole('button', { name: "Trouver l'adresse" }));

    const found = await screen.findByRole('group', { name: 'Adresses trouvées' });
    expect(within(found).getByRole('radio', { name: '1 Rue Mouffetard 75005 Paris' })).toBeChecked();
    expect(screen.getByLabelText('Latitude')).toHaveValue(48.845);
    expect(screen.getByLabelText('Longitude')).toHaveValue(2.3497);
    expect(pin()).toHaveAttribute('data-position', '48.845,2.3497');
    expect(mapCameraCalls.flyTo).toContainEqual([expect.objectContaining({ center: [2.3497, 48.845] })]);

    await user.click(within(found).getByRole('radio', { name: '1 Rue Mouffetard 69003 Lyon' }));

    expect(screen.getByLabelText('Latitude')).toHaveValue(45.7578);
    expect(screen.getByLabelText('Longitude')).toHaveValue(4.8351);
    expect(pin()).toHaveAttribute('data-position', '45.7578,4.8351');
    expect(screen.getByLabelText('Adresse')).toHaveValue('1 Rue Mouffetard');
    expect(screen.getByLabelText('Ville')).toHaveValue('Lyon');
    expect(screen.getByLabelText('Code postal')).toHaveValue('69003');
  }, 30_000);

  it('should say in French that the address service cannot be reached and leave the pin where it was', async () => {
    const user = await openForm([
      geocodeMock('1 rue Mouffetard, 75005 Paris', {
        result: errorResult(MSG.geocoderUnavailable, 'SERVICE_UNAVAILABLE'),
      }),
    ]);
    await typeAddress(user);

    await user.click(screen.getByRole('button', { name: "Trouver l'adresse" }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Le service d'adresses est injoignable : placez le bien sur la carte.",
    );
    expect(screen.getByLabelText('Latitude')).toHaveValue(48.8566);
    expect(pin()).toHaveAttribute('data-position', '48.8566,2.3522');
  }, 30_000);

  it('should give the same message when the gateway itself cannot be reached', async () => {
    const user = await openForm([geocodeMock('Paris', { error: new TypeError('Failed to fetch') })]);
    await user.type(screen.getByLabelText('Ville'), 'Paris');

    await user.click(screen.getByRole('button', { name: "Trouver l'adresse" }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.geocoderUnavailable);
  }, 30_000);

  it('should say so when no address matches', async () => {
    const user = await openForm([geocodeMock('Nulle part', { result: { data: { geocode: [] } } })]);
    await user.type(screen.getByLabelText('Adresse'), 'Nulle part');

    await user.click(screen.getByRole('button', { name: "Trouver l'adresse" }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Aucune adresse trouvée : vérifiez l'adresse ou placez le bien sur la carte.",
    );
  }, 30_000);

  it('should ask for an address before looking it up, without calling the gateway', async () => {
    const user = await openForm([]);

    await user.click(screen.getByRole('button', { name: "Trouver l'adresse" }));

    expect(await screen.findByRole('alert')).toHaveTextContent("Saisissez au moins 3 caractères de l'adresse.");
  }, 30_000);

  it('should set the coordinates where the map is tapped and where the pin is dropped', async () => {
    await openForm([]);
    mapCameraCalls.flyTo.length = 0;

    act(() => clickMap(4.83571234567, 45.76401234567));

    expect(screen.getByLabelText('Latitude')).toHaveValue(45.7640123);
    expect(screen.getByLabelText('Longitude')).toHaveValue(4.8357123);
    expect(pin()).toHaveAttribute('data-position', '45.7640123,4.8357123');
    // The map does not fly to a point it was just given by the owner.
    expect(mapCameraCalls.flyTo).toEqual([]);

    act(() => dragMarkerTo(-1.5536, 47.2184));

    expect(screen.getByLabelText('Latitude')).toHaveValue(47.2184);
    expect(screen.getByLabelText('Longitude')).toHaveValue(-1.5536);
    expect(pin()).toHaveAttribute('data-position', '47.2184,-1.5536');
  }, 30_000);

  it('should move the pin when the coordinates are typed in the advanced field', async () => {
    const user = await openForm([]);
    await user.click(screen.getByText('Coordonnées (avancé)'));

    await user.clear(screen.getByLabelText('Latitude'));
    await user.type(screen.getByLabelText('Latitude'), '43.2965');
    await user.clear(screen.getByLabelText('Longitude'));
    await user.type(screen.getByLabelText('Longitude'), '5.3698');

    expect(pin()).toHaveAttribute('data-position', '43.2965,5.3698');
    expect(mapCameraCalls.flyTo.at(-1)).toEqual([expect.objectContaining({ center: [5.3698, 43.2965] })]);
  }, 30_000);
});
