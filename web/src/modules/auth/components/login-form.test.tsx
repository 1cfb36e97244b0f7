import { MSG } from '@flaneur/schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginDocument } from '../../../gql/graphql';
import { buildUser, errorResult, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';

const credentials = { username: 'marie', password: 'secret1' };

function loginMock(result: object) {
  return { request: { query: LoginDocument, variables: { input: credentials } }, result };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, values = credentials) {
  if (values.username) await user.type(await screen.findByLabelText("Nom d'utilisateur ou e-mail"), values.username);
  if (values.password) await user.type(screen.getByLabelText('Mot de passe'), values.password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('login form', () => {
  it('should show the username rule and ask for the password when the username is short and no password typed', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/auth', mocks: [meMock(null)] });

    await fillAndSubmit(user, { username: 'ma', password: '' });

    expect(await screen.findByText("Le nom d'utilisateur doit contenir au moins 3 caractères")).toBeInTheDocument();
    // No length rule at sign-in: accounts made under the former 6-character minimum keep their password.
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText("Nom d'utilisateur ou e-mail")).toHaveAttribute('aria-invalid', 'true');
  });

  it('should toast a welcome and go home when the credentials are right', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/auth', mocks: [meMock(null), loginMock({ data: { login: buildUser() } })] });

    await fillAndSubmit(user);

    const toast = await screen.findByText('Connexion réussie');
    expect(within(toast.closest('li')!).getByText('Bienvenue, marie !')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bonjour, Marie Curie' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(JSON.parse(window.localStorage.getItem('userData')!)).toMatchObject({ username: 'marie' });
  });

  it('should toast the bad-credentials text and clear the password when the server answers UNAUTHENTICATED', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/auth',
      mocks: [meMock(null), loginMock(errorResult('Identifiant ou mot de passe incorrect', 'UNAUTHENTICATED'))],
    });

    await fillAndSubmit(user);

    const toast = (await screen.findByText('Échec de la connexion')).closest('li')!;
    expect(toast).toHaveAttribute('role', 'alert');
    expect(within(toast).getByText('Identifiant ou mot de passe incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toHaveValue('');
    expect(screen.getByLabelText("Nom d'utilisateur ou e-mail")).toHaveValue('marie');
  });

  it('should toast the server message when the failure is another one', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/auth',
      mocks: [
        meMock(null),
        loginMock(errorResult('Trop de tentatives. Veuillez réessayer plus tard.', 'TOO_MANY_REQUESTS')),
      ],
    });

    await fillAndSubmit(user);

    expect(await screen.findByText('Trop de tentatives. Veuillez réessayer plus tard.')).toBeInTheDocument();
  });

  it('should sign in with the e-mail typed in the same field, labelled for both', async () => {
    const user = userEvent.setup();
    const byEmail = { username: 'marie@exemple.fr', password: 'secret1' };
    const { router } = renderApp({
      path: '/auth',
      mocks: [
        meMock(null),
        { request: { query: LoginDocument, variables: { input: byEmail } }, result: { data: { login: buildUser() } } },
      ],
    });

    const field = await screen.findByLabelText("Nom d'utilisateur ou e-mail");
    expect(field).toHaveAttribute('placeholder', "Nom d'utilisateur ou e-mail");
    await fillAndSubmit(user, byEmail);

    expect(await screen.findByText('Connexion réussie')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Bonjour, Marie Curie' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('should open the forgot-password view from the login tab', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/auth', mocks: [meMock(null)] });

    await user.click(await screen.findByRole('button', { name: 'Mot de passe oublié ?' }));

    expect(screen.getByRole('heading', { name: 'Mot de passe oublié' })).toBeInTheDocument();
  });
});
