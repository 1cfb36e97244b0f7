import { MODERATION_MSG } from '@flaneur/schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModerateDocument, ModerationQueueDocument } from '../gql/graphql';
import { buildDecision } from '../modules/moderation/moderation.fixtures';
import { buildUser, errorResult, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

beforeAll(() => import('./moderation.page'));

const moderator = buildUser({ role: 'moderator' });

function queueListing(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'QueueListing',
    propertyId: '10',
    title: 'Studio à 300 € à Paris 8e',
    ownerId: '2',
    ownerUsername: 'faux_bailleur',
    hidden: false,
    reportCount: 3,
    flaggedMessageCount: 1,
    score: 4,
    reasons: ['Arnaque ou tentative de fraude', "Demande d'argent avant toute visite"],
    ...overrides,
  };
}
function queueAccount(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'QueueAccount',
    userId: '2',
    username: 'faux_bailleur',
    suspended: false,
    reportCount: 1,
    flaggedMessageCount: 2,
    score: 3,
    reasons: ['Paiement par coupon ou mandat (PCS, Transcash, mandat cash, Western Union…)'],
    ...overrides,
  };
}
const queueMock = (listings = [queueListing()], accounts = [queueAccount()]) => ({
  request: { query: ModerationQueueDocument },
  result: { data: { moderationQueue: { __typename: 'ModerationQueue', listings, accounts } } },
});
const moderateMock = (input: Record<string, unknown>, result: object) => ({
  request: { query: ModerateDocument, variables: { input } },
  result,
});

describe('/moderation', () => {
  it("should list listings and accounts in the server's order, with their counts and reasons in French", async () => {
    renderApp({
      path: '/moderation',
      mocks: [
        meMock(moderator),
        queueMock(
          [
            queueListing(),
            queueListing({
              propertyId: '11',
              title: 'Maison à Sceaux',
              reportCount: 1,
              flaggedMessageCount: 0,
              score: 1,
              reasons: ["Doublon d'une autre annonce"],
              hidden: true,
            }),
          ],
          [queueAccount()],
        ),
      ],
    });

    const listings = await screen.findByRole('region', { name: 'Annonces' });
    const items = within(listings).getAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Studio à 300 € à Paris 8e',
      'Maison à Sceaux',
    ]);
    expect(within(items[0]).getByText(/3 signalements · 1 message suspect/)).toBeInTheDocument();
    expect(within(items[0]).getByText("Demande d'argent avant toute visite")).toBeInTheDocument();
    expect(within(items[0]).getByRole('button', { name: "Masquer l'annonce" })).toBeInTheDocument();
    expect(within(items[1]).getByText('Masquée')).toBeInTheDocument();
    expect(within(items[1]).getByRole('button', { name: "Rétablir l'annonce" })).toBeInTheDocument();
    const accounts = screen.getByRole('region', { name: 'Comptes' });
    const account = within(accounts).getByRole('article', { name: 'faux_bailleur' });
    expect(within(account).getByText(/1 signalement · 2 messages suspects/)).toBeInTheDocument();
    expect(within(account).getByRole('button', { name: 'Avertir le compte' })).toBeInTheDocument();
    expect(within(account).getByRole('button', { name: 'Suspendre le compte' })).toBeInTheDocument();
    expect(within(account).queryByRole('button', { name: 'Rétablir le compte' })).not.toBeInTheDocument();
  });

  it('should ask the reason of a decision, refuse one too short, then hide the listing and read the queue again', async () => {
    const user = userEvent.setup();
    const moderate = jest.fn(() => ({ data: { moderate: buildDecision({ reason: 'Photos copiées' }) } }));
    renderApp({
      path: '/moderation',
      mocks: [
        meMock(moderator),
        queueMock(),
        {
          ...moderateMock({ targetType: 'property', targetId: '10', action: 'hide', reason: 'Photos copiées' }, {}),
          result: moderate,
        },
        queueMock([queueListing({ hidden: true })]),
      ],
    });

    const listing = await screen.findByRole('article', { name: 'Studio à 300 € à Paris 8e' });
    await user.click(within(listing).getByRole('button', { name: "Masquer l'annonce" }));
    const dialog = await screen.findByRole('dialog', { name: "Masquer l'annonce ?" });
    const field = within(dialog).getByLabelText('Motif de la décision');
    await user.type(field, 'Non');
    await user.click(within(dialog).getByRole('button', { name: "Confirmer : masquer l'annonce" }));
    expect(within(dialog).getByText(MODERATION_MSG.moderationReasonRequired)).toBeInTheDocument();
    expect(moderate).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, ' Photos copiées ');
    await user.click(within(dialog).getByRole('button', { name: "Confirmer : masquer l'annonce" }));

    expect(await screen.findByRole('button', { name: "Rétablir l'annonce" })).toBeInTheDocument();
    expect(moderate).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Décision enregistrée')).toBeInTheDocument();
  });

  it("should suspend an account, and show the server's French refusal in the dialog", async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/moderation',
      mocks: [
        meMock(moderator),
        queueMock(),
        moderateMock(
          { targetType: 'user', targetId: '2', action: 'suspend', reason: 'Demande de coupons PCS' },
          errorResult(MODERATION_MSG.moderationSelf, 'FORBIDDEN'),
        ),
      ],
    });

    const account = await screen.findByRole('article', { name: 'faux_bailleur' });
    await user.click(within(account).getByRole('button', { name: 'Suspendre le compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspendre le compte ?' });
    expect(within(dialog).getByLabelText('Motif de la décision')).toHaveAttribute('maxLength', '1000');
    await user.type(within(dialog).getByLabelText('Motif de la décision'), 'Demande de coupons PCS');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer : suspendre le compte' }));

    expect(await within(dialog).findByText(MODERATION_MSG.moderationSelf)).toBeInTheDocument();
  });

  it('should offer only « Rétablir le compte » for a suspended account', async () => {
    renderApp({ path: '/moderation', mocks: [meMock(moderator), queueMock([], [queueAccount({ suspended: true })])] });

    const account = await screen.findByRole('article', { name: 'faux_bailleur' });
    expect(within(account).getByText('Suspendu')).toBeInTheDocument();
    expect(within(account).getByRole('button', { name: 'Rétablir le compte' })).toBeInTheDocument();
    expect(within(account).queryByRole('button', { name: 'Suspendre le compte' })).not.toBeInTheDocument();
    expect(screen.getByText('Aucune annonce signalée.')).toBeInTheDocument();
  });

  it('should show the not-found screen to a user who is no moderator', async () => {
    renderApp({ path: '/moderation', mocks: [meMock(buildUser())] });

    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText("Cette page n'existe pas.")).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Annonces' })).not.toBeInTheDocument();
  });

  it('should link the queue from the own profile of a moderator only', async () => {
    const { unmount } = renderApp({ path: '/profile', mocks: [meMock(moderator)] });
    expect(await screen.findByRole('link', { name: 'File de modération' })).toHaveAttribute('href', '/moderation');
    unmount();

    renderApp({ path: '/profile', mocks: [meMock(buildUser())] });
    expect(await screen.findByRole('button', { name: 'Modifier le profil' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'File de modération' })).not.toBeInTheDocument();
  });
});
