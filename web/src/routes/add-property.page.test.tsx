import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEGAL_MENTIONS, MSG } from '@flaneur/schema';
import {
  CreatePropertyDocument,
  ListingForEditDocument,
  UpdatePropertyDocument,
  UploadPropertyImagesDocument,
} from '../gql/graphql';
import { GEOLOCATION_UNSUPPORTED } from '../lib/geolocation';
import { TRACKING_MESSAGES } from '../modules/discovery/lib/location-tracking';
import { buildListing } from '../modules/properties/properties.fixtures';
import { buildUser, errorResult, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

const getCurrentPosition = jest.fn();

beforeAll(() => {
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition, clearWatch: jest.fn() },
    configurable: true,
  });
});

beforeEach(() => {
  getCurrentPosition.mockImplementation((success: PositionCallback) =>
    success({ coords: { latitude: 48.8566, longitude: 2.3522 } } as GeolocationPosition),
  );
});

const image = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const urls = (n: number) => Array.from({ length: n }, (_, i) => `/uploads/listings/photo-${i + 1}.webp`);

/** `count` photos uploaded one request each (the form sends them so), the n-th stored as photo-n. */
function uploadMock(count: number, seen?: (file: File) => void) {
  let stored = 0;
  return {
    request: {
      query: UploadPropertyImagesDocument,
      variables: (variables: { files: File[] }) => {
        if (variables.files.length !== 1) return false;
        seen?.(variables.files[0]);
        return true;
      },
    },
    maxUsageCount: count,
    result: () => ({ data: { uploadPropertyImages: [urls(++stored)[stored - 1]] } }),
  };
}

/** The server refusing the photo named `name` (its request only). */
function refusedUploadMock(name: string, message: string, code: string) {
  return {
    request: {
      query: UploadPropertyImagesDocument,
      variables: (variables: { files: File[] }) => variables.files.length === 1 && variables.files[0].name === name,
    },
    result: errorResult(message, code),
  };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, { confirmPosition = true } = {}) {
  await user.type(screen.getByLabelText('Titre'), 'Studio calme');
  await user.type(screen.getByLabelText('Description'), 'Sur cour');
  await user.type(screen.getByLabelText('Prix (€)'), '150000');
  await user.type(screen.getByLabelText('Surface (m²)'), '20');
  await user.type(screen.getByLabelText('Adresse'), '1 rue Mouffetard');
  await user.type(screen.getByLabelText('Ville'), 'Paris');
  await user.type(screen.getByLabelText('Code postal'), '75005');
  await fillEnergy(user);
  await user.click(screen.getByRole('radio', { name: 'Particulier' }));
  // The owner confirms where the listing is (the prefilled position alone is not enough).
  if (confirmPosition) await user.click(screen.getByRole('button', { name: 'Utiliser ma position actuelle' }));
}

async function fillEnergy(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText(/^DPE/), 'F');
  await user.selectOptions(screen.getByLabelText(/^GES/), 'D');
  await user.type(screen.getByLabelText("Dépenses d'énergie minimum (€/an)"), '1200');
  await user.type(screen.getByLabelText("Dépenses d'énergie maximum (€/an)"), '1700');
  await user.type(screen.getByLabelText("Année de référence des prix de l'énergie"), '2024');
}

// Screens load lazily and CI machines are slow: allow more than the 1 s default to find them.
// Warms the lazily loaded screen so the first test does not pay for its compilation.
beforeAll(() => Promise.all([import('./add-property.page'), import('../modules/map/components/placement-map')]));

describe('/add-property', () => {
  it('should show the five sections, the type labels, the DPE captions and the feature choices', async () => {
    renderApp({ path: '/add-property', mocks: [meMock(buildUser({ phone: '0611223344' }))] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ajouter un bien' })).toBeInTheDocument();
    for (const legend of ['Informations de base', 'Adresse', 'Caractéristiques', 'Photos', 'Informations de contact']) {
      expect(screen.getByRole('group', { name: legend })).toBeInTheDocument();
    }
    const type = screen.getByLabelText('Type de bien');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Appartement', 'Maison', 'Villa']);
    expect(type).toHaveValue('apartment');
    const dpe = within(screen.getByLabelText(/^DPE/)).getAllByRole('option');
    expect(dpe.map((o) => o.textContent)).toEqual([
      'Non renseigné',
      'A — Très économe',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G — Très énergivore',
    ]);
    for (const label of ['Ascenseur', 'Balcon', 'Cave', 'Double vitrage', 'Chauffage central', 'Cuisine équipée']) {
      expect(screen.getByRole('checkbox', { name: label })).toBeInTheDocument();
    }
    for (const label of ['Parking', 'Jardin', 'Terrasse', 'Garage', 'Interphone', 'Cheminée']) {
      expect(screen.getByRole('checkbox', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Nombre de pièces')).toHaveValue(2);
    expect(screen.getByLabelText('Nombre de pièces')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Chambres')).toHaveValue(1);
    expect(screen.getByLabelText('Salles de bain')).toHaveValue(1);
    expect(screen.getByLabelText('Nom')).toHaveValue('Marie Curie');
    expect(screen.getByLabelText('Téléphone')).toHaveValue('0611223344');
    await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveValue(48.8566));
    expect(screen.getByLabelText('Longitude')).toHaveValue(2.3522);
    for (const required of ['Titre', 'Description', 'Prix (€)', 'Surface (m²)', 'Type de bien', 'Adresse', 'Ville']) {
      expect(screen.getByLabelText(required)).toHaveAttribute('aria-required', 'true');
    }
    expect(screen.getByLabelText('Étage')).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('button', { name: "Publier l'annonce" })).toBeEnabled();
  }, 30_000);

  it('should show the required-field messages and the photo minimum when submitted empty', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/add-property', mocks: [meMock(buildUser())] });

    await user.click(await screen.findByRole('button', { name: "Publier l'annonce" }));

    expect(await screen.findByText('Le titre est requis')).toBeInTheDocument();
    expect(screen.getByText('La description est requise')).toBeInTheDocument();
    expect(screen.getByText('Le prix est requis')).toBeInTheDocument();
    expect(screen.getByText('La surface est requise')).toBeInTheDocument();
    expect(screen.getByText("L'adresse est requise")).toBeInTheDocument();
    expect(screen.getByText('La ville est requise')).toBeInTheDocument();
    expect(screen.getByText('Le code postal est requis')).toBeInTheDocument();
    expect(screen.getByText('Le téléphone est requis')).toBeInTheDocument();
    expect(screen.getByText('Vous devez télécharger au moins une photo')).toBeInTheDocument();
  });

  it('should require the energy figures and the advertiser, except the energy of a new-build sale', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/add-property', mocks: [meMock(buildUser())] });
    await user.click(await screen.findByRole('button', { name: "Publier l'annonce" }));

    expect(await screen.findByText(MSG.dpeRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.gesRequired)).toBeInTheDocument();
    expect(screen.getAllByText(MSG.energyCostRequired)).toHaveLength(2);
    expect(screen.getByText(MSG.energyPricesYearRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.advertiserRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(/^DPE/)).toHaveAttribute('aria-required', 'true');

    await user.type(screen.getByLabelText("Dépenses d'énergie minimum (€/an)"), '900');
    await user.type(screen.getByLabelText("Dépenses d'énergie maximum (€/an)"), '800');
    await user.click(screen.getByRole('button', { name: "Publier l'annonce" }));
    expect(await screen.findByText(MSG.energyCostOrder)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: "Vente en l'état futur d'achèvement (VEFA)" }));
    expect(screen.getByLabelText(/^DPE/)).not.toHaveAttribute('aria-required');
    await user.click(screen.getByRole('radio', { name: 'Location' }));
    expect(screen.queryByRole('checkbox', { name: /VEFA/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^DPE/)).toHaveAttribute('aria-required', 'true');
  }, 30_000);

  it('should warn a private person before publishing, and ask a Paris rental for its rent control figures', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/add-property', mocks: [meMock(buildUser())] });
    await user.click(await screen.findByRole('radio', { name: 'Particulier' }));
    expect(screen.getByRole('note')).toHaveTextContent(LEGAL_MENTIONS.privateSellerWarning);
    expect(screen.queryByLabelText('Loyer de base (€/mois)')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Location' }));
    await user.type(screen.getByLabelText('Ville'), 'Paris');
    await user.type(screen.getByLabelText('Code postal'), '75011');
    expect(screen.getByRole('group', { name: 'Conditions de location' })).toBeInTheDocument();
    expect(screen.getByText(/^Zone soumise à encadrement des loyers/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Loyer de base (€/mois)'), '1200');
    await user.type(screen.getByLabelText('Loyer de référence majoré (€/mois)'), '1100');
    await user.click(screen.getByRole('button', { name: "Publier l'annonce" }));
    expect(await screen.findByText(MSG.chargesRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.depositRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.furnishedRequired)).toBeInTheDocument();
    // The cross-field rules wait for the fields they read: once the rent and charges are valid, the ceiling shows.
    await user.type(screen.getByLabelText('Prix (€/mois)'), '1350');
    await user.type(screen.getByLabelText('Dont charges (€/mois)'), '150');
    await user.click(screen.getByRole('button', { name: "Publier l'annonce" }));
    expect(await screen.findByText(MSG.baseRentOverReference)).toBeInTheDocument();
    expect(screen.queryByLabelText('Honoraires charge locataire (€)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Professionnel' }));
    expect(screen.getByLabelText('Honoraires charge locataire (€)')).toHaveAttribute('aria-required', 'true');
  }, 30_000);

  it('should keep 15 of 16 picked photos and toast the limit', async () => {
    const user = userEvent.setup();
    const sent: File[] = [];
    renderApp({
      path: '/add-property',
      mocks: [meMock(buildUser()), uploadMock(15, (file) => sent.push(file))],
    });

    const files = Array.from({ length: 16 }, (_, i) => image(`p${i + 1}.jpg`));
    await user.upload(await screen.findByLabelText('Ajouter des photos'), files);

    const limit = (await screen.findByText("Limite d'images atteinte")).closest('li')!;
    expect(within(limit).getByText('Vous avez atteint la limite de 15 images par annonce.')).toBeInTheDocument();
    expect(await screen.findByText('Images téléchargées')).toBeInTheDocument();
    expect(screen.getByText('15 image(s) téléchargée(s) avec succès.')).toBeInTheDocument();
    expect(sent.map((f) => f.name)).toEqual(files.slice(0, 15).map((f) => f.name));
    const thumbnails = within(screen.getByRole('list', { name: "Photos de l'annonce" })).getAllByRole('img');
    expect(thumbnails).toHaveLength(15);
    expect(thumbnails[0]).toHaveAttribute('src', '/uploads/listings/photo-1-thumb.webp');
  });

  it('should name a refused photo beside the field, with its reason, and keep the others of the batch', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/add-property',
      mocks: [
        meMock(buildUser()),
        refusedUploadMock('notes.pdf', MSG.listingImageUnsupported, 'UNSUPPORTED_MEDIA_TYPE'),
        refusedUploadMock('vignette.png', MSG.listingImageTooSmall, 'BAD_USER_INPUT'),
        uploadMock(2),
      ],
    });

    const input = await screen.findByLabelText('Ajouter des photos');
    await user.upload(input, [image('a.jpg'), image('notes.pdf'), image('b.jpg'), image('vignette.png')]);

    const refused = await screen.findByRole('list', { name: 'Photos refusées' });
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`notes.pdf : ${MSG.listingImageUnsupported}`, `vignette.png : ${MSG.listingImageTooSmall}`]);
    expect(screen.getAllByRole('img', { name: /^Photo/ })).toHaveLength(2);
    expect(screen.getByText('2 image(s) téléchargée(s) avec succès.')).toBeInTheDocument();
    expect(screen.queryByText('Impossible de télécharger les images. Veuillez réessayer.')).not.toBeInTheDocument();
  }, 30_000);

  it('should remove a photo and toast an upload failure', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/add-property',
      mocks: [meMock(buildUser()), refusedUploadMock('c.jpg', 'Boom', 'INTERNAL_SERVER_ERROR'), uploadMock(2)],
    });

    await user.upload(await screen.findByLabelText('Ajouter des photos'), [image('a.jpg'), image('b.jpg')]);
    await user.click(await screen.findByRole('button', { name: 'Retirer la photo 1' }));
    expect(screen.getAllByRole('img', { name: /^Photo/ })).toHaveLength(1);

    await user.upload(screen.getByLabelText("Ajouter d'autres photos"), [image('c.jpg')]);
    expect(await screen.findByText('Impossible de télécharger les images. Veuillez réessayer.')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Photo/ })).toHaveLength(1);
  });

  it('should publish, toast and open the new listing when the form is valid', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path: '/add-property',
      mocks: [
        meMock(buildUser({ phone: '0611223344' })),
        uploadMock(1),
        {
          request: {
            query: CreatePropertyDocument,
            variables: (v: { input: Record<string, unknown> }) =>
              v.input.title === 'Studio calme' &&
              v.input.price === 150000 &&
              v.input.latitude === 48.8566 &&
              v.input.rooms === 1 &&
              v.input.bedrooms === 0 &&
              v.input.dpeRating === 'F' &&
              v.input.gesRating === 'D' &&
              v.input.energyCostMin === 1200 &&
              v.input.energyCostMax === 1700 &&
              v.input.energyPricesYear === 2024 &&
              v.input.advertiser === 'private' &&
              v.input.coOwnership === null &&
              (v.input.features as string[]).join() === 'balcony',
          },
          result: { data: { createProperty: buildListing({ id: '99', title: 'Studio calme' }) } },
        },
      ],
    });

    await screen.findByRole('heading', { level: 1, name: 'Ajouter un bien' });
    await fillRequired(user);
    await user.clear(screen.getByLabelText('Nombre de pièces'));
    await user.type(screen.getByLabelText('Nombre de pièces'), '1');
    await user.clear(screen.getByLabelText('Chambres'));
    await user.type(screen.getByLabelText('Chambres'), '0');
    await user.click(screen.getByRole('checkbox', { name: 'Balcon' }));
    await user.upload(screen.getByLabelText('Ajouter des photos'), [image('a.jpg')]);
    await screen.findByRole('img', { name: 'Photo 1' });
    await user.click(screen.getByRole('button', { name: "Publier l'annonce" }));

    const toast = (await screen.findByText('Bien immobilier ajouté')).closest('li')!;
    expect(within(toast).getByText('Votre bien a été ajouté avec succès.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/property/99'));
  }, 30_000);

  it('should not publish at the position prefilled from the device until the owner places or confirms it', async () => {
    const user = userEvent.setup();
    const created = jest.fn(() => ({ data: { createProperty: buildListing({ id: '98', title: 'Studio calme' }) } }));
    const { router } = renderApp({
      path: '/add-property',
      mocks: [
        meMock(buildUser({ phone: '0611223344' })),
        uploadMock(1),
        { request: { query: CreatePropertyDocument, variables: () => true }, result: created },
      ],
    });

    await screen.findByRole('heading', { level: 1, name: 'Ajouter un bien' });
    await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveValue(48.8566));
    await fillRequired(user, { confirmPosition: false });
    await user.upload(screen.getByLabelText('Ajouter des photos'), [image('a.jpg')]);
    await screen.findByRole('img', { name: 'Photo 1' });
    await user.click(screen.getByRole('button', { name: "Publier l'annonce" }));

    expect(await screen.findByText(MSG.listingNotPlaced)).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/add-property');

    await user.click(screen.getByRole('button', { name: 'Utiliser ma position actuelle' }));
    expect(screen.queryByText(MSG.listingNotPlaced)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Publier l'annonce" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/property/98'));
    expect(created).toHaveBeenCalledTimes(1);
  }, 30_000);

  it('should refuse a studio (1 pièce) with a bedroom, and rooms beyond 20, in French', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/add-property', mocks: [meMock(buildUser())] });
    const rooms = await screen.findByLabelText('Nombre de pièces');
    await user.clear(rooms);
    await user.type(rooms, '1');
    await user.click(screen.getByRole('button', { name: "Publier l'annonce" }));
    expect(await screen.findByText(MSG.bedroomsOverRooms)).toBeInTheDocument();
    expect(screen.getByLabelText('Chambres')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(rooms);
    await user.type(rooms, '21');
    await user.click(screen.getByRole('button', { name: "Publier l'annonce" }));
    expect(await screen.findByText(MSG.roomsInvalid)).toBeInTheDocument();
  });

  it('should toast the failure and stay when publishing fails', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path: '/add-property',
      mocks: [
        meMock(buildUser({ phone: '0611223344' })),
        uploadMock(1),
        {
          request: { query: CreatePropertyDocument, variables: () => true },
          result: errorResult('Boom', 'INTERNAL_SERVER_ERROR'),
        },
      ],
    });

    await screen.findByRole('heading', { level: 1, name: 'Ajouter un bien' });
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Ajouter des photos'), [image('a.jpg')]);
    await screen.findByRole('img', { name: 'Photo 1' });
    await user.click(screen.getByRole('button', { name: "Publier l'annonce" }));

    expect(await screen.findByText("Une erreur est survenue lors de l'ajout du bien.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/add-property');
  });

  it('should load the listing into the form in edit mode and save the changes', async () => {
    const user = userEvent.setup();
    const listing = buildListing();
    const { router } = renderApp({
      path: '/add-property?edit=10',
      mocks: [
        meMock(buildUser()),
        {
          request: { query: ListingForEditDocument, variables: { id: '10' } },
          result: { data: { property: listing } },
        },
        {
          request: {
            query: UpdatePropertyDocument,
            variables: (v: { id: string; input: Record<string, unknown> }) =>
              v.id === '10' &&
              v.input.title === 'Appartement rénové' &&
              v.input.latitude === 48.8443 &&
              v.input.rooms === 4,
          },
          result: { data: { updateProperty: { ...listing, title: 'Appartement rénové' } } },
        },
      ],
    });

    const title = await screen.findByLabelText('Titre');
    expect(title).toHaveValue('Appartement lumineux');
    expect(screen.getByRole('heading', { level: 1, name: 'Modifier le bien' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Ascenseur' })).toBeChecked();
    expect(screen.getByLabelText(/^DPE/)).toHaveValue('C');
    expect(screen.getByLabelText('Nombre de pièces')).toHaveValue(3);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Nombre de pièces'));
    await user.type(screen.getByLabelText('Nombre de pièces'), '4');
    await user.clear(title);
    await user.type(title, 'Appartement rénové');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));

    expect(await screen.findByText('Bien immobilier modifié')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-properties'));
  });

  it("should refuse to edit another owner's listing", async () => {
    renderApp({
      path: '/add-property?edit=10',
      mocks: [
        meMock(buildUser()),
        {
          request: { query: ListingForEditDocument, variables: { id: '10' } },
          result: { data: { property: buildListing({ ownerId: '7' }) } },
        },
      ],
    });

    expect(await screen.findByText("Vous n'êtes pas le propriétaire de ce bien.")).toBeInTheDocument();
    expect(screen.queryByLabelText('Titre')).not.toBeInTheDocument();
  });

  it('should say "Bien non trouvé" when the listing to edit does not exist', async () => {
    renderApp({
      path: '/add-property?edit=404',
      mocks: [
        meMock(buildUser()),
        {
          request: { query: ListingForEditDocument, variables: { id: '404' } },
          result: errorResult('Bien non trouvé', 'NOT_FOUND'),
        },
      ],
    });

    expect(await screen.findByRole('heading', { name: 'Bien non trouvé' })).toBeInTheDocument();
    expect(
      screen.getByText("Le bien immobilier que vous recherchez n'existe pas ou a été supprimé."),
    ).toBeInTheDocument();
  });

  it('should show the position error and leave the coordinates empty when location fails', async () => {
    getCurrentPosition.mockImplementation((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    renderApp({ path: '/add-property', mocks: [meMock(buildUser())] });

    expect(await screen.findByText('Erreur: autorisation de localisation refusée')).toBeInTheDocument();
    expect(screen.queryByText(/User denied/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Latitude')).toHaveValue(null);
  });

  it('should word an unsupported browser like the tracker does', async () => {
    const geolocation = Object.getOwnPropertyDescriptor(navigator, 'geolocation')!;
    Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
    try {
      renderApp({ path: '/add-property', mocks: [meMock(buildUser())] });

      expect(await screen.findByText(GEOLOCATION_UNSUPPORTED)).toBeInTheDocument();
      expect(GEOLOCATION_UNSUPPORTED).toBe(TRACKING_MESSAGES.unsupported);
    } finally {
      Object.defineProperty(navigator, 'geolocation', geolocation);
    }
  });

  it('should send a signed-out visitor to /auth', async () => {
    const { router } = renderApp({ path: '/add-property', mocks: [meMock(null)] });

    expect(await screen.findByRole('tab', { name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });
});
