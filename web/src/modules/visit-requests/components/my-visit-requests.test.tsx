import type { MockLink } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AnswerVisitSlotDocument,
  SentVisitRequestsDocument,
  VisitRequestChangedDocument,
  type SentVisitRequestFragment,
} from '../../../gql/graphql';
import { parisDay } from '../../../lib/format';
import { buildUser, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import { silentSubscription } from '../../conversations/conversations.fixtures';
import { historyMock, preferencesMock, silentSubscriptions, unreadCountMock } from '../../properties/testing/factories';

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

const sent = (
  overrides: Partial<Omit<SentVisitRequestFragment, 'property'>> & { property?: { id: string; title: string } } = {},
) => ({
  __typename: 'VisitRequest' as const,
  id: '7',
  status: 'approved' as const,
  propertyId: '10',
  proposedAt: inDays(3),
  slotMinutes: 30,
  slotAnswer: null,
  createdAt: '2025-06-01T10:00:00.000Z',
  updatedAt: '2025-06-01T10:00:00.000Z',
  ...overrides,
  property: { __typename: 'Property' as const, id: '10', title: 'Studio rue Oberkampf', ...overrides.property },
});

function renderDashboard(asRequester: ReturnType<typeof sent>[], extra: MockLink.MockedResponse[] = []) {
  return renderApp({
    path: '/dashboard',
    mocks: [
      meMock(buildUser()),
      historyMock([], parisDay()),
      historyMock([]),
      preferencesMock(),
      unreadCountMock(0),
      ...silentSubscriptions(),
      silentSubscription(VisitRequestChangedDocument),
      {
        request: { query: SentVisitRequestsDocument },
        result: { data: { visitRequests: { __typename: 'VisitRequests', asRequester } } },
      },
      ...extra,
    ],
  });
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Mes demandes de visite' })).closest('section') as HTMLElement;

describe('« Mes demandes de visite » on the dashboard', () => {
  it('should list the requests sent, with the proposed slot to confirm, then show the answer', async () => {
    const user = userEvent.setup();
    const request = sent();
    const answered = jest.fn();
    renderDashboard(
      [
        request,
        sent({
          id: '8',
          status: 'pending',
          proposedAt: null,
          slotMinutes: null,
          property: { id: '11', title: 'Maison à Vincennes' },
        }),
      ],
      [
        {
          request: { query: AnswerVisitSlotDocument, variables: { id: '7', confirm: true } },
          result: () => {
            answered();
            return { data: { answerVisitSlot: { ...request, slotAnswer: 'confirmed' } } };
          },
        },
      ],
    );

    const list = await card();
    expect(within(list).getByRole('link', { name: 'Studio rue Oberkampf' })).toHaveAttribute('href', '/property/10');
    expect(within(list).getByText('Demande envoyée')).toBeInTheDocument();
    expect(within(list).getByText(/^Visite proposée le /)).toBeInTheDocument();
    expect(
      within(list).getByText('Le propriétaire propose ce créneau : confirmez-le ou refusez-le.'),
    ).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Confirmer le créneau (Studio rue Oberkampf)' }));
    expect(answered).toHaveBeenCalledTimes(1);
    expect(await within(list).findByText('Créneau confirmé', { selector: '.badge' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Confirmer le créneau/ })).not.toBeInTheDocument();
  });

  it("should toast the server's French message when the answer is refused, and keep the buttons", async () => {
    const user = userEvent.setup();
    renderDashboard(
      [sent()],
      [
        {
          request: { query: AnswerVisitSlotDocument, variables: { id: '7', confirm: false } },
          result: {
            errors: [
              {
                message: 'Ce créneau est déjà passé : demandez une nouvelle visite.',
                extensions: { code: 'BAD_USER_INPUT' },
              },
            ],
          },
        },
      ],
    );
    const list = await card();
    await user.click(within(list).getByRole('button', { name: /Refuser le créneau/ }));
    expect(await screen.findByText('Ce créneau est déjà passé : demandez une nouvelle visite.')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /Refuser le créneau/ })).toBeEnabled();
  });

  it('should show nothing to a user who sent no request, and no buttons for a past or answered slot', async () => {
    const { unmount } = renderDashboard([]);
    await screen.findByRole('heading', { name: 'Accueil' });
    await screen.findByText("0 bien découvert aujourd'hui");
    expect(screen.queryByRole('heading', { name: 'Mes demandes de visite' })).not.toBeInTheDocument();
    unmount();

    renderDashboard([sent({ proposedAt: inDays(-1) }), sent({ id: '9', slotAnswer: 'declined' })]);
    const list = await card();
    expect(within(list).getByText('Créneau refusé', { selector: '.badge' })).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });
});
