import { MSG } from '@flaneur/schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterDocument, SavePreferencesDocument } from '../../../gql/graphql';
import { buildUser, errorResult, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';

const input = {
  username: 'marie',
  password: 'secret12',
  email: 'marie@example.fr',
  firstName: 'Marie',
  lastName: null,
  phone: null,
  address: null,
  city: null,
  postalCode: null,
  isLandlord: true,
};

function registerMock(result: object, isLandlord = true) {
  return { request: { query: RegisterDocument, variables: { input: { ...input, isLandlord } } }, result };
}

async function openRegisterTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Inscription' }));
  expect(screen.getByRole('tab', { name: 'Inscription' })).toHaveAttribute('aria-selected', 'true');
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, isLandlord = true) {
  await user.type(screen.getByLabelText("Nom d'utilisateur"), 'marie');
  await user.type(screen.getByLabelText('E-mail'), 'Marie@Example.fr');
  await user.type(screen.getByLabelText('Mot de passe'), 'secret12');
  await user.type(screen.getByLabelText('Prénom'), '  Marie ');
  if (isLandlord) await user.click(screen.getByLabelText('Je suis propriétaire et souhaite publier des annonces'));
  await user.click(screen.getByRole('button', { name: "S'inscrire" }));
}

describe('register form', () => {
  it('should show the username, email and password rules when the values are invalid', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/auth', mocks: [meMock(null)] });
    await openRegisterTab(user);

    await user.type(screen.getByLabelText("Nom d'utilisateur"), 'ma');
    await user.type(screen.getByLabelText('E-mail'), 'marie@');
    await user.type(screen.getByLabelText('Mot de passe'), '1234567');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));

    expect(await screen.findByText("Le nom d'utilisateur doit contenir au moins 3 caractères")).toBeInTheDocument();
    expect(screen.getByText('Email invalide')).toBeInTheDocument();
    // The one rule of a new password, said as at reset and change: 8 characters.
    expect(screen.getByText(MSG.resetPasswordMin)).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription(
      expect.stringContaining('8 caractères au minimum'),
    );
  });

  it('should refuse the phone and postal code the profile would refuse, with the profile messages', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/auth', mocks: [meMock(null)] });
    await openRegisterTab(user);

    await user.type(screen.getByLabelText('Téléphone'), 'abc😀');
    await user.type(screen.getByLabelText('Code postal'), '-75001999');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));

    expect(await screen.findByText(MSG.phoneInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.postalCodeInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Téléphone')).toHaveAttribute('aria-invalid', 'true');
  });

  it('should refuse a username with spaces or accents with the French rule', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/auth', mocks: [meMock(null)] });
    await openRegisterTab(user);

    await user.type(screen.getByLabelText("Nom d'utilisateur"), 'marie curie');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));

    expect(await screen.findByText(MSG.usernameFormat)).toBeInTheDocument();
    expect(screen.getByLabelText("Nom d'utilisateur")).toHaveAttribute('aria-invalid', 'true');
  });

  it('should save the criteria chosen before signing in to the new account', async () => {
    const guest = {
      propertyStatus: 'rent',
      propertyType: 'house',
      radius: 3.5,
      priceMin: null,
      priceMax: 1500,
      sizeMin: null,
      sizeMax: null,
      bedrooms: [2],
      roomsMin: null,
      bathrooms: [],
      features: ['garden'],
    };
    window.localStorage.setItem('searchFilters:guest', JSON.stringify(guest));
    const save = jest.fn(() => ({
      data: {
        savePreferences: {
          __typename: 'Preferences',
          searchFilters: { __typename: 'SearchFilters', ...guest, zone: null, energyMax: null },
        },
      },
    }));
    const user = userEvent.setup();
    renderApp({
      path: '/auth',
      mocks: [
        meMock(null),
        registerMock({ data: { register: buildUser({ lastName: null, isLandlord: true }) } }),
        // Criteria kept before the drawn zone and the energy filter existed are sent with both unset.
        {
          request: {
            query: SavePreferencesDocument,
            variables: { searchFilters: { ...guest, zone: null, energyMax: null } },
          },
          result: save,
        },
      ],
    });
    await openRegisterTab(user);

    await fillValidForm(user);

    expect(await screen.findByText('Inscription réussie')).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
    expect(JSON.parse(window.localStorage.getItem('searchFilters:1')!)).toEqual({
      ...guest,
      zone: null,
      energyMax: null,
    });
    expect(window.localStorage.getItem('searchFilters:guest')).toBeNull();
  });

  it('should offer every field of the spec, the optional ones included', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/auth', mocks: [meMock(null)] });
    await openRegisterTab(user);

    for (const label of ['Prénom', 'Nom', 'Téléphone', 'Adresse', 'Ville', 'Code postal']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(
      screen.getByRole('checkbox', { name: 'Je suis propriétaire et souhaite publier des annonces' }),
    ).not.toBeChecked();
  });

  it('should toast the success and sign the user in when the account is created', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path: '/auth',
      mocks: [meMock(null), registerMock({ data: { register: buildUser({ lastName: null }) } }, false)],
    });
    await openRegisterTab(user);

    await fillValidForm(user, false);

    const toast = (await screen.findByText('Inscription réussie')).closest('li')!;
    expect(within(toast).getByText('Votre compte a été créé avec succès')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bonjour, Marie' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('should open « Ajouter un bien » for a new account that ticked « Je suis propriétaire… »', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path: '/auth',
      mocks: [meMock(null), registerMock({ data: { register: buildUser({ lastName: null, isLandlord: true }) } })],
    });
    await openRegisterTab(user);
    expect(
      screen.getByRole('checkbox', { name: 'Je suis propriétaire et souhaite publier des annonces' }),
    ).toHaveAccessibleDescription(expect.stringContaining('« Ajouter un bien »'));

    await fillValidForm(user);

    expect(await screen.findByText('Inscription réussie')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/add-property'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajouter un bien' })).toBeInTheDocument();
  });

  it('should say the username exists when the server answers CONFLICT', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/auth',
      mocks: [meMock(null), registerMock(errorResult("Ce nom d'utilisateur existe déjà", 'CONFLICT'))],
    });
    await openRegisterTab(user);

    await fillValidForm(user);

    const toast = (await screen.findByText("Échec de l'inscription")).closest('li')!;
    expect(within(toast).getByText("Ce nom d'utilisateur existe déjà")).toBeInTheDocument();
  });

  it('should put the server per-field messages under their fields when the input is refused', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/auth',
      mocks: [
        meMock(null),
        registerMock(
          errorResult('Données invalides', 'BAD_USER_INPUT', { fields: { email: 'Cet email est déjà utilisé' } }),
        ),
      ],
    });
    await openRegisterTab(user);

    await fillValidForm(user);

    expect(await screen.findByText('Cet email est déjà utilisé')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });
});
