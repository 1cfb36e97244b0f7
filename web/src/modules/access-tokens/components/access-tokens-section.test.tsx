import { MSG } from '@flaneur/schema';
import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AccessTokensDocument,
  CreateAccessTokenDocument,
  DiscoveryAddedDocument,
  NotificationSettingsDocument,
  RevokeAccessTokenDocument,
  UnreadMessagesUpdatedDocument,
} from '../../../gql/graphql';
import { buildUser, errorResult, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';

beforeAll(() => import('../../../routes/profile.page'));

const SECRET = 'flr_AbCdEfGhIjKlMnOpQrStUvWxYz01230A1b2C';
const existing = {
  __typename: 'AccessToken' as const,
  id: '1',
  name: 'Script de veille',
  scopes: ['listings:read', 'favorites'],
  prefix: 'flr_Zz9Yx8',
  createdAt: '2026-01-05T10:00:00.000Z',
  expiresAt: '2099-04-05T10:00:00.000Z',
  lastUsedAt: null,
};

function renderSettings(mocks: MockLink.MockedResponse[] = []) {
  return renderApp({
    path: '/profile?tab=settings',
    mocks: [
      meMock(buildUser()),
      { request: { query: NotificationSettingsDocument }, delay: Infinity },
      { request: { query: DiscoveryAddedDocument }, delay: Infinity },
      { request: { query: UnreadMessagesUpdatedDocument }, delay: Infinity },
      { request: { query: AccessTokensDocument }, result: { data: { accessTokens: [existing] } } },
      ...mocks,
    ],
  });
}

async function openSection() {
  const user = userEvent.setup();
  const section = (await screen.findByRole('heading', { name: 'Accès API' })).closest('section')!;
  await user.click(within(section).getByRole('button', { name: "Gérer mes jetons d'accès" }));
  return { user, section };
}

describe('Paramètres → Accès API', () => {
  it('should list the tokens with their prefix, scopes and dates', async () => {
    renderSettings();
    const { section } = await openSection();
    const list = await within(section).findByRole('list', { name: "Vos jetons d'accès" });
    const item = within(list).getByText('Script de veille').closest('li')!;
    expect(within(item).getByText('flr_Zz9Yx8…')).toBeInTheDocument();
    expect(within(item).getByText('Lire les annonces · Lire et modifier mes favoris')).toBeInTheDocument();
    expect(within(item).getByText('5 janv. 2026')).toBeInTheDocument();
    expect(within(item).getByText('Jamais')).toBeInTheDocument();
  });

  it('should create a token with the chosen scopes and show its secret once, with a copy button', async () => {
    const variables = {
      input: {
        name: 'Mon intégration',
        scopes: ['listings:read', 'messages:read'],
        expiresInDays: 30,
        currentPassword: 'mon-mot-de-passe',
      },
    };
    renderSettings([
      {
        request: { query: CreateAccessTokenDocument, variables },
        result: {
          data: {
            createAccessToken: {
              __typename: 'CreatedAccessToken',
              token: SECRET,
              accessToken: {
                ...existing,
                id: '2',
                name: 'Mon intégration',
                scopes: variables.input.scopes,
                prefix: SECRET.slice(0, 10),
              },
            },
          },
        },
      },
    ]);
    const { user, section } = await openSection();
    await user.click(within(section).getByRole('button', { name: 'Nouveau jeton' }));
    const form = within(section).getByRole('form', { name: "Nouveau jeton d'accès" });
    await user.type(within(form).getByLabelText(/Nom du jeton/), 'Mon intégration');
    await user.click(within(form).getByRole('checkbox', { name: /Lire les annonces/ }));
    await user.click(within(form).getByRole('checkbox', { name: /Lire mes messages et demandes de visite/ }));
    const days = within(form).getByLabelText(/Validité \(jours\)/);
    await user.clear(days);
    await user.type(days, '30');
    await user.type(within(form).getByLabelText(/Mot de passe actuel/), 'mon-mot-de-passe');
    await user.click(within(form).getByRole('button', { name: 'Créer le jeton' }));

    expect(await within(section).findByLabelText("Jeton d'accès")).toHaveTextContent(SECRET);
    expect(within(section).getByText(/il ne sera plus jamais affiché/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Copier' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(section).getByRole('button', { name: 'Copié !' })).toBeInTheDocument();
    expect(within(section).getByText('Mon intégration')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: "J'ai copié le jeton" }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('should refuse a token without scope or with a bad validity, in French, before sending', async () => {
    renderSettings();
    const { user, section } = await openSection();
    await user.click(within(section).getByRole('button', { name: 'Nouveau jeton' }));
    const form = within(section).getByRole('form', { name: "Nouveau jeton d'accès" });
    await user.type(within(form).getByLabelText(/Nom du jeton/), 'x');
    const days = within(form).getByLabelText(/Validité \(jours\)/);
    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(form).getByRole('button', { name: 'Créer le jeton' }));
    expect(await within(form).findByText('Choisissez au moins une autorisation')).toBeInTheDocument();
    expect(within(form).getByText(MSG.currentPasswordRequiredForToken)).toBeInTheDocument();
    expect(
      within(form).getByText('La durée de validité doit être un nombre entier de jours entre 1 et 365'),
    ).toBeInTheDocument();
  });

  it('should revoke a token after a confirmation', async () => {
    renderSettings([
      {
        request: { query: RevokeAccessTokenDocument, variables: { id: '1' } },
        result: { data: { revokeAccessToken: true } },
      },
    ]);
    const { user, section } = await openSection();
    await user.click(await within(section).findByRole('button', { name: 'Révoquer le jeton Script de veille' }));
    const dialog = await screen.findByRole('dialog', { name: 'Révoquer ce jeton ?' });
    expect(within(dialog).getByText(/sera refusé immédiatement/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Révoquer' }));
    await waitFor(() => expect(screen.queryByText('Script de veille')).not.toBeInTheDocument());
    expect(await screen.findByText('Jeton révoqué')).toBeInTheDocument();
  });

  it('should show the server message when creation fails', async () => {
    const variables = {
      input: { name: 'x', scopes: ['favorites'], expiresInDays: 90, currentPassword: 'mon-mot-de-passe' },
    };
    renderSettings([
      {
        request: { query: CreateAccessTokenDocument, variables },
        result: errorResult(
          "Vous avez atteint la limite de 50 jetons actifs. Révoquez-en un avant d'en créer un autre.",
          'CONFLICT',
        ),
      },
    ]);
    const { user, section } = await openSection();
    await user.click(within(section).getByRole('button', { name: 'Nouveau jeton' }));
    const form = within(section).getByRole('form', { name: "Nouveau jeton d'accès" });
    await user.type(within(form).getByLabelText(/Nom du jeton/), 'x');
    await user.click(within(form).getByRole('checkbox', { name: /Lire et modifier mes favoris/ }));
    await user.type(within(form).getByLabelText(/Mot de passe actuel/), 'mon-mot-de-passe');
    await user.click(within(form).getByRole('button', { name: 'Créer le jeton' }));
    expect(await screen.findByText(/limite de 50 jetons actifs/)).toBeInTheDocument();
  });
});
