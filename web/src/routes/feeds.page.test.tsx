import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEED_MSG } from '@flaneur/schema';
import { GraphQLError } from 'graphql';
import {
  FeedImportChangedDocument,
  FeedImportReportDocument,
  FeedImportsDocument,
  FeedSourceDocument,
  SetFeedSourceDocument,
} from '../gql/graphql';
import { buildUser, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

const item = {
  __typename: 'FeedImport' as const,
  id: '4',
  status: 'done',
  statusLabel: 'terminé',
  lines: 3,
  created: 2,
  updated: 0,
  unchanged: 0,
  withdrawn: 1,
  refused: 1,
  drafts: 0,
  error: null,
  createdAt: '2025-07-14T08:05:00.000Z',
  finishedAt: '2025-07-14T08:06:00.000Z',
};
const report = [
  {
    __typename: 'FeedImportLine' as const,
    line: 2,
    reference: 'G-2',
    field: 'price (11)',
    message: 'Valeur non numérique « abc ».',
  },
];

/** The live updates of the imports: none arrive unless a test says so. */
const quiet = { request: { query: FeedImportChangedDocument }, delay: Infinity, result: { data: null } };

describe("Flux d'annonces (/my-properties/feeds)", () => {
  it('should show each import with its status and counts, and its report with the CSV download', async () => {
    renderApp({
      path: '/my-properties/feeds',
      mocks: [
        meMock(buildUser({ agencyName: 'Agence du Marais', siren: '732829320' })),
        quiet,
        { request: { query: FeedImportsDocument }, result: { data: { feedImports: [item] } } },
        { request: { query: FeedSourceDocument }, result: { data: { feedSource: null } } },
        {
          request: { query: FeedImportReportDocument, variables: { id: '4' } },
          result: { data: { feedImport: { ...item, report } } },
        },
      ],
    });

    expect(await screen.findByRole('heading', { level: 1, name: "Flux d'annonces" })).toBeInTheDocument();
    const card = (await screen.findByText('terminé')).closest('li')!;
    expect(within(card).getByText('créées').nextSibling).toHaveTextContent('2');
    expect(within(card).getByText('retirées').nextSibling).toHaveTextContent('1');
    expect(within(card).getByText('refusées').nextSibling).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: 'Actualiser' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Voir le rapport' }));
    expect(await within(card).findByText(/Valeur non numérique « abc »/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Télécharger le rapport (CSV)' })).toHaveAttribute(
      'href',
      '/api/feeds/imports/4?format=csv',
    );
  });

  it('should register the nightly address: the French refusal kept beside the field, then the address and its next fetch', async () => {
    const source = {
      __typename: 'FeedSource' as const,
      url: 'https://export.agence.example/flux.zip',
      nextFetchAt: '2025-07-15T02:07:00.000Z',
      lastFetchAt: '2025-07-14T02:07:00.000Z',
      lastError: "L'adresse du flux a répondu 500 au lieu de 200.",
    };
    renderApp({
      path: '/my-properties/feeds',
      mocks: [
        meMock(buildUser({ agencyName: 'Agence du Marais', siren: '732829320' })),
        quiet,
        { request: { query: FeedImportsDocument }, result: { data: { feedImports: [] } } },
        { request: { query: FeedSourceDocument }, result: { data: { feedSource: null } } },
        {
          request: { query: SetFeedSourceDocument, variables: { url: 'http://10.0.0.1/flux.zip' } },
          result: {
            errors: [new GraphQLError(FEED_MSG.sourceUrlInvalid, { extensions: { code: 'BAD_USER_INPUT' } })],
          },
        },
        {
          request: { query: SetFeedSourceDocument, variables: { url: source.url } },
          result: { data: { setFeedSource: source } },
        },
        { request: { query: FeedSourceDocument }, result: { data: { feedSource: source } } },
      ],
    });
    const field = await screen.findByLabelText('Adresse du flux (HTTPS)');
    await userEvent.type(field, 'http://10.0.0.1/flux.zip');
    await userEvent.click(screen.getByRole('button', { name: "Enregistrer l'adresse" }));
    expect(await screen.findByText(FEED_MSG.sourceUrlInvalid)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('http://10.0.0.1/flux.zip');

    await userEvent.clear(field);
    await userEvent.type(field, source.url);
    await userEvent.click(screen.getByRole('button', { name: "Enregistrer l'adresse" }));
    expect(await screen.findByText(source.url)).toBeInTheDocument();
    expect(screen.getByText('Prochaine récupération : 15 juillet 2025 à 04:07')).toBeInTheDocument();
    expect(screen.getByText(`Dernière récupération échouée : ${source.lastError}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Récupérer maintenant' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ne plus récupérer' })).toBeInTheDocument();
  });

  it('should follow an import live: its card moves on', async () => {
    const running = { ...item, status: 'running', statusLabel: 'en cours', lines: 25, created: 25, refused: 0 };
    renderApp({
      path: '/my-properties/feeds',
      mocks: [
        meMock(buildUser({ agencyName: 'Agence du Marais', siren: '732829320' })),
        {
          request: { query: FeedImportsDocument },
          result: {
            data: {
              feedImports: [
                {
                  ...item,
                  status: 'pending',
                  statusLabel: 'en attente',
                  lines: 0,
                  created: 0,
                  refused: 0,
                  withdrawn: 0,
                },
              ],
            },
          },
        },
        { request: { query: FeedSourceDocument }, result: { data: { feedSource: null } } },
        { request: { query: FeedImportChangedDocument }, result: { data: { feedImportChanged: running } }, delay: 100 },
      ],
    });
    expect(await screen.findByText('en attente')).toBeInTheDocument();
    const card = (await screen.findByText('en cours')).closest('li')!;
    expect(within(card).getByText('créées').nextSibling).toHaveTextContent('25');
    expect(screen.queryByText('en attente')).not.toBeInTheDocument();
    expect(document.querySelectorAll('li.feed-import')).toHaveLength(1);
  });

  it('should put an import it did not list yet (the nightly fetch) on top of the list', async () => {
    const nightly = { ...item, id: '5', status: 'running', statusLabel: 'en cours', lines: 0, created: 0 };
    renderApp({
      path: '/my-properties/feeds',
      mocks: [
        meMock(buildUser({ agencyName: 'Agence du Marais', siren: '732829320' })),
        { request: { query: FeedImportsDocument }, result: { data: { feedImports: [item] } } },
        { request: { query: FeedSourceDocument }, result: { data: { feedSource: null } } },
        { request: { query: FeedImportChangedDocument }, result: { data: { feedImportChanged: nightly } }, delay: 100 },
      ],
    });
    expect(await screen.findByText('terminé')).toBeInTheDocument();
    expect(await screen.findByText('en cours')).toBeInTheDocument();
    const cards = [...document.querySelectorAll('li.feed-import')];
    expect(cards.map((c) => within(c as HTMLElement).getByText(/^(en cours|terminé)$/).textContent)).toEqual([
      'en cours',
      'terminé',
    ]);
  });
});
