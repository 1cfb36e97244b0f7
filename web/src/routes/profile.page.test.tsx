import { MSG } from '@flaneur/schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ChangePasswordDocument,
  DeleteAccountDocument,
  EraseMyLocationsDocument,
  ExportMyDataDocument,
  PublicProfileDocument,
  UpdateProfileDocument,
  UploadProfilePictureDocument,
} from '../gql/graphql';
import { buildUser, errorResult, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

const publicUser = {
  __typename: 'PublicUser',
  id: '2',
  username: 'paul',
  firstName: 'Paul',
  lastName: 'Martin',
  bio: 'Propriétaire à Lyon',
  profilePicture: null,
  isLandlord: true,
  isVerified: false,
  // 22:30 UTC on 31 May is already June in Paris.
  createdAt: '2024-05-31T22:30:00.000Z',
};

// Screens load lazily and CI machines are slow: allow more than the 1 s default to find them.
// Warms the lazily loaded screen so the first test does not pay for its compilation.
beforeAll(() => import('./profile.page'));

describe('/profile', () => {
  it('should show the own profile with badges, last login, tabs and logout', async () => {
    renderApp({
      path: '/profile',
      mocks: [meMock(buildUser({ isVerified: true, isLandlord: true, lastLoginAt: '2025-03-03T23:05:00.000Z' }))],
    });

    expect(await screen.findByRole('heading', { name: 'Marie Curie' })).toBeInTheDocument();
    expect(screen.getByText('@marie')).toBeInTheDocument();
    expect(screen.getByText('Vérifié')).toBeInTheDocument();
    expect(screen.getByText('Propriétaire')).toBeInTheDocument();
    // 23:05 UTC on 3 March is 00:05 on 4 March in Paris.
    expect(screen.getByText('Dernière connexion : 4 mars 2025 à 00:05')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Général', 'Documents', 'Paramètres']);
    expect(screen.getByRole('tab', { name: 'Général' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    expect(screen.getByText('marie@example.fr')).toBeInTheDocument();
  });

  it('should show the bio counter and the bio and email messages in edit mode', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/profile/marie', mocks: [meMock(buildUser({ bio: 'Bonjour' }))] });

    await user.click(await screen.findByRole('button', { name: 'Modifier le profil' }));
    expect(screen.getByText('493 caractères restants')).toBeInTheDocument();
    const bio = screen.getByLabelText('Bio');
    await user.clear(bio);
    await user.click(bio);
    await user.paste('a'.repeat(499));
    expect(screen.getByText('1 caractère restant')).toBeInTheDocument();
    await user.paste('aa');
    expect(screen.getByText('1 caractère de trop (500 au plus)')).toBeInTheDocument();
    await user.paste('a'.repeat(7299));
    expect(screen.getByText(/^7.300 caractères de trop \(500 au plus\)$/)).toBeInTheDocument();
    const email = screen.getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'pas-un-email');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('La bio ne peut pas dépasser 500 caractères')).toBeInTheDocument();
    expect(screen.getByText('Email invalide')).toBeInTheDocument();
  });

  it('should say « maintenant », never « jamais », for the last login of the signed-in user', async () => {
    renderApp({ path: '/profile', mocks: [meMock(buildUser({ lastLoginAt: null }))] });

    expect(await screen.findByText('Dernière connexion : maintenant')).toBeInTheDocument();
    expect(screen.queryByText(/jamais/)).not.toBeInTheDocument();
  });

  it('should show the French rules for the postal code, the phone and the age in edit mode', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/profile/marie', mocks: [meMock(buildUser())] });

    await user.click(await screen.findByRole('button', { name: 'Modifier le profil' }));
    const postalCode = screen.getByLabelText('Code postal');
    await user.clear(postalCode);
    await user.type(postalCode, '7500');
    await user.type(screen.getByLabelText('Téléphone'), '12 34');
    await user.type(screen.getByLabelText('Âge'), '15');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText(MSG.postalCodeInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.phoneInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.ageRange)).toBeInTheDocument();
  });

  it('should save the profile, toast and leave edit mode', async () => {
    const user = userEvent.setup();
    const me = buildUser();
    renderApp({
      path: '/profile',
      mocks: [
        meMock(me),
        {
          request: {
            query: UpdateProfileDocument,
            variables: (v: { input: { bio?: string } }) => v.input.bio === 'Chimiste',
          },
          result: { data: { updateProfile: { ...me, bio: 'Chimiste' } } },
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Modifier le profil' }));
    await user.type(screen.getByLabelText('Bio'), 'Chimiste');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Profil mis à jour')).toBeInTheDocument();
    expect(await screen.findByText('Chimiste')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifier le profil' })).toBeInTheDocument();
  });

  it('should ask the current password only when the e-mail changes, and send it with the new address', async () => {
    const user = userEvent.setup();
    const me = buildUser();
    renderApp({
      path: '/profile',
      mocks: [
        meMock(me),
        {
          request: {
            query: UpdateProfileDocument,
            variables: (v: { input: { email?: string; currentPassword?: string } }) =>
              v.input.email === 'marie.curie@example.fr' && v.input.currentPassword === 'mon-mot-de-passe',
          },
          result: { data: { updateProfile: { ...me, email: 'marie.curie@example.fr', isVerified: false } } },
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Modifier le profil' }));
    expect(screen.queryByLabelText('Mot de passe actuel')).not.toBeInTheDocument();
    const email = screen.getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'MARIE@example.fr');
    expect(screen.queryByLabelText('Mot de passe actuel')).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'marie.curie@example.fr');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MSG.currentPasswordRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Mot de passe actuel'), 'mon-mot-de-passe');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Profil mis à jour')).toBeInTheDocument();
  });

  it('should toast the server message when the profile update fails', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/profile',
      mocks: [
        meMock(buildUser()),
        {
          request: { query: UpdateProfileDocument, variables: () => true },
          result: errorResult('Cet email est déjà utilisé', 'CONFLICT'),
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Modifier le profil' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const toast = (await screen.findByText('Erreur')).closest('li')!;
    expect(within(toast).getByText('Cet email est déjà utilisé')).toBeInTheDocument();
  });

  it('should say « Non autorisé » when the profile update finds no signed-in user', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/profile',
      mocks: [
        meMock(buildUser()),
        {
          request: { query: UpdateProfileDocument, variables: () => true },
          result: errorResult('Connexion requise', 'UNAUTHENTICATED'),
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Modifier le profil' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const toast = (await screen.findByText('Erreur')).closest('li')!;
    expect(within(toast).getByText('Non autorisé')).toBeInTheDocument();
  });

  it('should refuse a picture of the wrong type or over 5 MB before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderApp({ path: '/profile', mocks: [meMock(buildUser())] });

    const input = await screen.findByLabelText('Changer la photo');
    await user.upload(input, new File(['x'], 'a.svg', { type: 'image/svg+xml' }));
    const typeToast = (await screen.findByText('Type de fichier non supporté')).closest('li')!;
    expect(
      within(typeToast).getByText('Veuillez télécharger une image au format JPEG, PNG, GIF ou WebP.'),
    ).toBeInTheDocument();

    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('Fichier trop volumineux')).toBeInTheDocument();
  });

  it('should upload an accepted picture and show it', async () => {
    const user = userEvent.setup();
    const me = buildUser();
    renderApp({
      path: '/profile',
      mocks: [
        meMock(me),
        {
          request: { query: UploadProfilePictureDocument, variables: () => true },
          result: { data: { uploadProfilePicture: { ...me, profilePicture: '/uploads/profiles/me.webp' } } },
        },
      ],
    });

    await user.upload(
      await screen.findByLabelText('Changer la photo'),
      new File(['x'], 'me.png', { type: 'image/png' }),
    );

    expect(await screen.findByText('Photo de profil mise à jour')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('.profile-header img')).toHaveAttribute('src', '/uploads/profiles/me.webp'),
    );
  });

  it("should show another user's public view with the Propriétaire badge", async () => {
    renderApp({
      path: '/profile/paul',
      mocks: [
        meMock(buildUser()),
        {
          request: { query: PublicProfileDocument, variables: { username: 'paul' } },
          result: { data: { user: publicUser } },
        },
      ],
    });

    expect(await screen.findByRole('heading', { name: 'Paul Martin' })).toBeInTheDocument();
    expect(screen.getByText('Propriétaire')).toBeInTheDocument();
    expect(screen.getByText('Propriétaire à Lyon')).toBeInTheDocument();
    expect(screen.getByText('Membre depuis juin 2024')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Se déconnecter' })).not.toBeInTheDocument();
  });

  it('should say "Utilisateur non trouvé" for an unknown user', async () => {
    renderApp({
      path: '/profile/inconnu',
      mocks: [
        meMock(buildUser()),
        {
          request: { query: PublicProfileDocument, variables: { username: 'inconnu' } },
          result: errorResult('Utilisateur non trouvé', 'NOT_FOUND'),
        },
      ],
    });

    expect(await screen.findByRole('heading', { name: 'Utilisateur non trouvé' })).toBeInTheDocument();
    expect(screen.getByText("Cet utilisateur n'existe pas.")).toBeInTheDocument();
  });

  it('should show the load error of a public profile', async () => {
    renderApp({
      path: '/profile/paul',
      mocks: [
        meMock(buildUser()),
        { request: { query: PublicProfileDocument, variables: { username: 'paul' } }, error: new Error('réseau') },
      ],
    });

    expect(await screen.findByText('Impossible de charger ce profil')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('should erase the location history from Paramètres after confirmation', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/profile',
      mocks: [
        meMock(buildUser()),
        { request: { query: EraseMyLocationsDocument }, result: { data: { eraseMyLocations: 12 } } },
      ],
    });

    await user.click(await screen.findByRole('tab', { name: 'Paramètres' }));
    expect(screen.getByRole('switch', { name: 'Découverte en marchant' })).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByRole('button', { name: 'Effacer mon historique de positions' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Effacer' }));

    const toast = (await screen.findByText('Historique de positions effacé')).closest('li')!;
    expect(within(toast).getByText('12 position(s) supprimée(s).')).toBeInTheDocument();
  });

  it('should change the password from Paramètres: confirmation, shared rule, wrong current password, success', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/profile?tab=settings',
      mocks: [
        meMock(buildUser()),
        {
          request: {
            query: ChangePasswordDocument,
            variables: { currentPassword: 'faux-mdp', newPassword: 'nouveau-mdp-1' },
          },
          result: errorResult(MSG.currentPasswordWrong, 'FORBIDDEN', {
            fields: { currentPassword: MSG.currentPasswordWrong },
          }),
        },
        {
          request: {
            query: ChangePasswordDocument,
            variables: { currentPassword: 'bon-mdp', newPassword: 'nouveau-mdp-1' },
          },
          result: { data: { changePassword: true } },
        },
      ],
    });

    const current = await screen.findByLabelText('Mot de passe actuel');
    await user.type(current, 'faux-mdp');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'court');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'autre');
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText(MSG.resetPasswordMin)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordMismatch)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Nouveau mot de passe'));
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'nouveau-mdp-1');
    await user.clear(screen.getByLabelText('Confirmer le nouveau mot de passe'));
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'nouveau-mdp-1');
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription(MSG.currentPasswordWrong));

    await user.clear(current);
    await user.type(current, 'bon-mdp');
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText('Mot de passe modifié')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Mot de passe actuel')).toHaveValue(''));
  });

  it('should download the data export as a JSON file from Paramètres', async () => {
    const user = userEvent.setup();
    const document_ = JSON.stringify({ profile: { username: 'marie' } });
    const blobs: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => (blobs.push(blob), 'blob:export'));
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const downloads: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(`${this.download} ${this.href}`);
    });
    try {
      renderApp({
        path: '/profile?tab=settings',
        mocks: [
          meMock(buildUser()),
          { request: { query: ExportMyDataDocument }, result: { data: { exportMyData: document_ } } },
        ],
      });

      await user.click(await screen.findByRole('button', { name: 'Télécharger mes données' }));
      expect(await screen.findByText('Export prêt')).toBeInTheDocument();
      expect(downloads).toEqual(['flaneur-export.json blob:export']);
      expect(blobs[0].type).toBe('application/json');
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsText(blobs[0]);
      });
      expect(text).toBe(document_);
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:export');
    } finally {
      click.mockRestore();
    }
  });

  it('should delete the account after the password, then sign out and go to /auth with a toast', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path: '/profile?tab=settings',
      mocks: [
        meMock(buildUser()),
        {
          request: { query: DeleteAccountDocument, variables: { password: 'faux' } },
          result: errorResult(MSG.deleteAccountBadPassword, 'UNAUTHENTICATED', {
            fields: { password: MSG.deleteAccountBadPassword },
          }),
        },
        {
          request: { query: DeleteAccountDocument, variables: { password: 'bon-mdp' } },
          result: { data: { deleteAccount: true } },
        },
        meMock(null),
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer votre compte ?' });
    expect(within(dialog).getAllByRole('button', { name: 'Annuler' })).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    expect(await within(dialog).findByText(MSG.passwordRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Mot de passe'), 'faux');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    expect(await within(dialog).findByText(MSG.deleteAccountBadPassword)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');

    await user.clear(within(dialog).getByLabelText('Mot de passe'));
    await user.type(within(dialog).getByLabelText('Mot de passe'), 'bon-mdp');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));

    const toast = (await screen.findByText('Compte supprimé')).closest('li')!;
    expect(within(toast).getByText(MSG.accountDeleted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});
