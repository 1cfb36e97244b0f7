import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODERATION_MSG } from '@flaneur/schema';
import { buildDecision } from '../modules/moderation/moderation.fixtures';
import {
  DeletePropertyDocument,
  MyModerationActionsDocument,
  MyPropertiesDocument,
  ReceivedVisitRequestsDocument,
  RespondToVisitRequestDocument,
} from '../gql/graphql';
import { buildListing } from '../modules/properties/properties.fixtures';
import { buildVisitRequest } from '../modules/visit-requests/visit-requests.fixtures';
import { parisDay, parisInstant } from '../lib/format';
import { buildUser, errorResult, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

const myPropertiesMock = (listings = [buildListing()]) => ({
  request: { query: MyPropertiesDocument },
  result: { data: { myProperties: listings } },
});
const visitsMock = (asOwner = [buildVisitRequest()]) => ({
  request: { query: ReceivedVisitRequestsDocument },
  result: { data: { visitRequests: { __typename: 'VisitRequests', asOwner } } },
});

// Screens load lazily and CI machines are slow: allow more than the 1 s default to find them.
// Warms the lazily loaded screen so the first test does not pay for its compilation.
beforeAll(() => import('./my-properties.page'));

describe('/my-properties', () => {
  it('should list the listings with view, edit and delete, and the visit requests', async () => {
    renderApp({ path: '/my-properties', mocks: [meMock(buildUser()), myPropertiesMock(), visitsMock()] });

    const card = (await screen.findByRole('heading', { name: 'Appartement lumineux' })).closest('article')!;
    expect(within(card).getByRole('link', { name: 'Voir Appartement lumineux' })).toHaveAttribute(
      'href',
      '/property/10',
    );
    expect(within(card).getByRole('link', { name: 'Modifier Appartement lumineux' })).toHaveAttribute(
      'href',
      '/add-property?edit=10',
    );
    expect(within(card).getByText('Vente')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ajouter un bien' })).toHaveAttribute('href', '/add-property');
    expect(await screen.findByRole('link', { name: 'Paul Martin' })).toHaveAttribute('href', '/profile/paul');
    expect(screen.getByText('En attente')).toBeInTheDocument();
  });

  it("should put « Flux d'annonces (agences) » above what loads, so that it does not move under a finger", async () => {
    renderApp({ path: '/my-properties', mocks: [meMock(buildUser()), myPropertiesMock(), visitsMock()] });

    const feeds = await screen.findByRole('link', { name: "Flux d'annonces (agences)" });
    expect(feeds).toHaveAttribute('href', '/my-properties/feeds');
    const listings = await screen.findByRole('heading', { name: 'Appartement lumineux' });
    const requests = await screen.findByRole('link', { name: 'Paul Martin' });
    for (const loaded of [listings, requests]) {
      expect(feeds.compareDocumentPosition(loaded) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it("should show each listing's panel reference and link its printable panel", async () => {
    renderApp({ path: '/my-properties', mocks: [meMock(buildUser()), myPropertiesMock(), visitsMock([])] });

    const card = (await screen.findByRole('heading', { name: 'Appartement lumineux' })).closest('article')!;
    expect(within(card).getByText('7K3M9Q')).toBeInTheDocument();
    const panel = within(card).getByRole('link', { name: 'Panneau à imprimer (PDF) Appartement lumineux' });
    expect(panel).toHaveAttribute('href', '/api/properties/10/panel.pdf');
    expect(panel).toHaveAttribute('target', '_blank');
  });

  it('should show where each listing sits on a map, drawn when asked for, with « Corriger »', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/my-properties', mocks: [meMock(buildUser()), myPropertiesMock(), visitsMock([])] });

    const card = (await screen.findByRole('heading', { name: 'Appartement lumineux' })).closest('article')!;
    expect(within(card).queryByTestId('map')).not.toBeInTheDocument();
    await user.click(within(card).getByText('Emplacement sur la carte'));
    const marker = await within(card).findByTestId('map-marker');
    const listing = buildListing();
    expect(marker).toHaveAttribute('data-position', `${listing.latitude},${listing.longitude}`);
    expect(within(card).getByRole('link', { name: "Corriger l'emplacement de Appartement lumineux" })).toHaveAttribute(
      'href',
      '/add-property?edit=10#emplacement',
    );
  });

  it('should date a visit request in Paris time', async () => {
    // 23:30 UTC on 2 March is 00:30 on 3 March in Paris.
    renderApp({
      path: '/my-properties',
      mocks: [
        meMock(buildUser()),
        myPropertiesMock(),
        visitsMock([buildVisitRequest({ createdAt: '2025-03-02T23:30:00.000Z' })]),
      ],
    });

    expect(await screen.findByText('3 mars 00:30')).toBeInTheDocument();
  });

  it('should write prices with their cents, like every other screen', async () => {
    renderApp({
      path: '/my-properties',
      mocks: [
        meMock(buildUser()),
        myPropertiesMock([buildListing({ price: 850.5, isRental: true }), buildListing({ id: '11', price: 350000 })]),
        visitsMock([]),
      ],
    });

    expect(await screen.findByText(/^850,50.€\/mois$/)).toBeInTheDocument();
    expect(screen.getByText(/^350.000.€$/)).toBeInTheDocument();
  });

  it('should show the load error and retry when "Réessayer" is pressed', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/my-properties',
      mocks: [
        meMock(buildUser()),
        { request: { query: MyPropertiesDocument }, result: errorResult('Boom', 'INTERNAL_SERVER_ERROR') },
        visitsMock([]),
        myPropertiesMock(),
      ],
    });

    expect(await screen.findByText('Impossible de récupérer vos propriétés')).toBeInTheDocument();
    expect(screen.getByText('Une erreur est survenue lors du chargement de vos propriétés.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByRole('heading', { name: 'Appartement lumineux' })).toBeInTheDocument();
  });

  it('should show the empty state and the empty visit requests text when there is nothing yet', async () => {
    renderApp({ path: '/my-properties', mocks: [meMock(buildUser()), myPropertiesMock([]), visitsMock([])] });

    expect(await screen.findByText('Aucune annonce')).toBeInTheDocument();
    expect(screen.getByText("Vous n'avez pas encore publié de bien.")).toBeInTheDocument();
    expect(await screen.findByText('Aucune demande de visite pour le moment.')).toBeInTheDocument();
  });

  it('should show the visit requests load error', async () => {
    renderApp({
      path: '/my-properties',
      mocks: [
        meMock(buildUser()),
        myPropertiesMock([]),
        { request: { query: ReceivedVisitRequestsDocument }, result: errorResult('Boom', 'INTERNAL_SERVER_ERROR') },
      ],
    });

    expect(await screen.findByText('Impossible de récupérer les demandes de visite')).toBeInTheDocument();
  });

  it('should delete a listing after confirming the irreversible action', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/my-properties',
      mocks: [
        meMock(buildUser()),
        myPropertiesMock(),
        visitsMock([]),
        {
          request: { query: DeletePropertyDocument, variables: { id: '10' } },
          result: { data: { deleteProperty: true } },
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Supprimer Appartement lumineux' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer cette annonce ?' });
    expect(dialog).toHaveTextContent('Cette action est irréversible.');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText('Propriété supprimée')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Appartement lumineux' })).not.toBeInTheDocument(),
    );
  });

  it('should keep the listing when the dialog is cancelled, and toast when deletion fails', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/my-properties',
      mocks: [
        meMock(buildUser()),
        myPropertiesMock(),
        visitsMock([]),
        {
          request: { query: DeletePropertyDocument, variables: { id: '10' } },
          result: errorResult('Non', 'FORBIDDEN'),
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Supprimer Appartement lumineux' }));
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Supprimer Appartement lumineux' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText('Impossible de supprimer cette propriété')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Appartement lumineux' })).toBeInTheDocument();
  });

  it('should approve a pending visit request, proposing a slot', async () => {
    const user = userEvent.setup();
    const request = buildVisitRequest();
    const day = parisDay(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
    renderApp({
      path: '/my-properties',
      mocks: [
        meMock(buildUser()),
        myPropertiesMock([]),
        visitsMock([request]),
        {
          request: {
            query: RespondToVisitRequestDocument,
            variables: {
              id: '5',
              approve: true,
              proposedAt: parisInstant(day, '15:30')!.toISOString(),
              slotMinutes: 30,
            },
          },
          result: { data: { respondToVisitRequest: { ...request, status: 'approved' } } },
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Accepter la demande de Paul Martin' }));
    await user.type(screen.getByLabelText('Date de la visite'), day);
    await user.type(screen.getByLabelText('Heure de début'), '15:30');
    await user.click(screen.getByRole('button', { name: 'Accepter et proposer' }));

    expect(await screen.findByText('Acceptée')).toBeInTheDocument();
    expect(screen.getByText('Demande de visite acceptée')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refuser/ })).not.toBeInTheDocument();
  });

  it('should send a signed-out visitor to /auth', async () => {
    const { router } = renderApp({ path: '/my-properties', mocks: [meMock(null)] });

    expect(await screen.findByRole('tab', { name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('should mark a hidden listing on its card and list the moderation decisions after the listings', async () => {
    renderApp({
      path: '/my-properties',
      mocks: [
        meMock(buildUser()),
        myPropertiesMock([buildListing({ hiddenAt: '2026-12-01T09:30:00.000Z' })]),
        visitsMock([]),
        {
          request: { query: MyModerationActionsDocument },
          result: { data: { myModerationActions: [buildDecision()] } },
        },
      ],
    });

    const card = (await screen.findByRole('heading', { name: 'Appartement lumineux' })).closest('article')!;
    expect(within(card).getByText(MODERATION_MSG.listingHidden)).toBeInTheDocument();
    const decisions = await screen.findByRole('heading', { level: 2, name: 'Décisions de modération' });
    expect(card.compareDocumentPosition(decisions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Annonce masquée' })).toBeInTheDocument();
  });
});
