import { MODERATION_LIMITS, MODERATION_MSG } from '@flaneur/schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContestModerationActionDocument, MyModerationActionsDocument } from '../../../gql/graphql';
import { errorResult } from '../../../test/factories';
import { buildDecision } from '../moderation.fixtures';
import { renderWithApollo } from '../testing/render';
import { ModerationDecisions } from './moderation-decisions';

const decisionsMock = (decisions = [buildDecision()]) => ({
  request: { query: MyModerationActionsDocument },
  result: { data: { myModerationActions: decisions } },
});
const contestMock = (message: string, result: object) => ({
  request: { query: ContestModerationActionDocument, variables: { id: '40', message } },
  result,
});
const CONTEST = 'Ces photos sont les miennes, je peux le prouver.';

describe('« Décisions de modération »', () => {
  it('should list each decision in French with its reason and date', async () => {
    renderWithApollo(<ModerationDecisions />, [
      decisionsMock([
        buildDecision(),
        buildDecision({
          id: '41',
          action: 'warn',
          targetType: 'user',
          targetId: '1',
          reason: 'Messages insistants',
          createdAt: '2026-11-20T16:05:00.000Z',
        }),
      ]),
    ]);

    expect(await screen.findByRole('heading', { level: 2, name: 'Décisions de modération' })).toBeInTheDocument();
    const hidden = screen.getByRole('article', { name: 'Annonce masquée' });
    expect(within(hidden).getByText("Photos reprises d'une autre annonce")).toBeInTheDocument();
    expect(within(hidden).getByText('Le 1 décembre 2026 à 10:30')).toBeInTheDocument();
    expect(within(hidden).getByRole('link', { name: "Voir l'annonce concernée" })).toHaveAttribute(
      'href',
      '/property/10',
    );
    const warned = screen.getByRole('article', { name: 'Avertissement' });
    expect(within(warned).getByText('Votre compte')).toBeInTheDocument();
    expect(within(warned).getByText('Messages insistants')).toBeInTheDocument();
  });

  it('should show nothing when there is no decision', async () => {
    renderWithApollo(
      <>
        <p>Mes biens</p>
        <ModerationDecisions />
      </>,
      [decisionsMock([])],
    );
    await screen.findByText('Mes biens');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Décisions de modération')).not.toBeInTheDocument();
  });

  it('should refuse a contest under 10 characters without sending it, then send a longer one', async () => {
    const user = userEvent.setup();
    renderWithApollo(<ModerationDecisions />, [
      decisionsMock(),
      contestMock(CONTEST, {
        data: {
          contestModerationAction: buildDecision({ contest: CONTEST, contestedAt: '2026-12-02T08:00:00.000Z' }),
        },
      }),
    ]);

    const card = await screen.findByRole('article', { name: 'Annonce masquée' });
    await user.click(within(card).getByRole('button', { name: 'Contester' }));
    const field = within(card).getByLabelText('Votre contestation');
    expect(field).toHaveAttribute('maxLength', String(MODERATION_LIMITS.contestMax));
    await user.type(field, 'Trop court');
    await user.clear(field);
    await user.type(field, ' Non merci ');
    await user.click(within(card).getByRole('button', { name: 'Envoyer la contestation' }));
    expect(within(card).getByText(MODERATION_MSG.contestTooShort)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, CONTEST);
    await user.click(within(card).getByRole('button', { name: 'Envoyer la contestation' }));

    expect(await within(card).findByText(CONTEST)).toBeInTheDocument();
    expect(within(card).getByText(/Contestation envoyée le 2 décembre 2026 à 09:00/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Contester' })).not.toBeInTheDocument();
  });

  it("should show the server's French answer when the decision was already contested", async () => {
    const user = userEvent.setup();
    renderWithApollo(<ModerationDecisions />, [
      decisionsMock(),
      contestMock(CONTEST, errorResult(MODERATION_MSG.contestDuplicate, 'CONFLICT')),
    ]);

    const card = await screen.findByRole('article', { name: 'Annonce masquée' });
    await user.click(within(card).getByRole('button', { name: 'Contester' }));
    await user.type(within(card).getByLabelText('Votre contestation'), CONTEST);
    await user.click(within(card).getByRole('button', { name: 'Envoyer la contestation' }));

    expect(await within(card).findByText(MODERATION_MSG.contestDuplicate)).toBeInTheDocument();
  });

  it('should show a contested decision with its contest and no form', async () => {
    renderWithApollo(<ModerationDecisions />, [
      decisionsMock([buildDecision({ contest: CONTEST, contestedAt: '2026-12-02T08:00:00.000Z' })]),
    ]);

    const card = await screen.findByRole('article', { name: 'Annonce masquée' });
    expect(within(card).getByText(CONTEST)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Contester' })).not.toBeInTheDocument();
  });
});
