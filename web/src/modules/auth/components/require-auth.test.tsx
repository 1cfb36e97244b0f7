import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginDocument } from '../../../gql/graphql';
import { buildUser, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import { storeSessionUser } from '../lib/session-user';

describe('route guard', () => {
  it('should show a spinner while the session loads', async () => {
    renderApp({ path: '/my-properties', mocks: [{ ...meMock(buildUser()), delay: 50 }] });

    expect(await screen.findByText('Vérification de la session…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Mes annonces' })).toBeInTheDocument();
  });

  it('should paint a protected screen at once, before the session answers, in a browser signed in last time', async () => {
    storeSessionUser(buildUser());
    renderApp({ path: '/history', mocks: [{ ...meMock(buildUser()), delay: Infinity }] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Découvertes' })).toBeInTheDocument();
    expect(screen.queryByText('Vérification de la session…')).not.toBeInTheDocument();
    expect(screen.getByText('Chargement des découvertes…')).toBeInTheDocument();
  });

  it('should show the login form before the session answers in a browser not signed in', async () => {
    renderApp({ path: '/auth', mocks: [{ ...meMock(null), delay: Infinity }] });

    expect(await screen.findByRole('tab', { name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByLabelText("Nom d'utilisateur ou e-mail")).toBeInTheDocument();
  });

  it('should send a signed-out visitor to /auth, then back to the attempted page after login', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path: '/messages/42?tab=docs',
      mocks: [
        meMock(null),
        {
          request: { query: LoginDocument, variables: { input: { username: 'marie', password: 'secret1' } } },
          result: { data: { login: buildUser() } },
        },
      ],
    });

    expect(await screen.findByRole('tab', { name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');

    await user.type(screen.getByLabelText("Nom d'utilisateur ou e-mail"), 'marie');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('link', { name: 'Retour aux messages' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages/42');
    expect(router.state.location.search).toBe('?tab=docs');
  });

  it.each(['/add-property', '/my-properties', '/messages', '/history', '/profile', '/profile/marie'])(
    'should protect %s',
    async (path) => {
      const { router } = renderApp({ path, mocks: [meMock(null)] });

      expect(await screen.findByRole('tab', { name: 'Connexion' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/auth');
    },
  );

  it.each([
    ['/dashboard', 'Accueil'],
    ['/property/7', 'Détail du bien'],
  ])('should let a signed-out visitor see %s', async (path, title) => {
    renderApp({ path, mocks: [meMock(null)] });

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('should move a signed-in visitor of /auth on to the home page', async () => {
    const { router } = renderApp({ path: '/auth', mocks: [meMock(buildUser())] });

    expect(await screen.findByRole('heading', { name: 'Bonjour, Marie Curie' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
