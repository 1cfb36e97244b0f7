import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MyVisitRequestDocument,
  PropertyDetailDocument,
  RecordViewDocument,
  RequestVisitDocument,
  VisitRequestChangedDocument,
  type OwnVisitRequestFragment,
} from '../../../gql/graphql';
import { buildUser, errorResult, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import { silentSubscription } from '../../conversations/conversations.fixtures';
import { buildPropertyDetail, favoritesMock } from '../../properties/testing/factories';
import { buildVisitRequest } from '../visit-requests.fixtures';

const own = (overrides: Partial<OwnVisitRequestFragment> = {}) => ({
  __typename: 'VisitRequest' as const,
  id: '7',
  status: 'pending' as const,
  message: null,
  propertyId: '10',
  proposedAt: null,
  slotMinutes: null,
  slotAnswer: null,
  createdAt: '2025-06-01T10:00:00.000Z',
  updatedAt: '2025-06-01T10:00:00.000Z',
  ...overrides,
});

const detailMock = () => ({
  request: { query: PropertyDetailDocument, variables: { id: '10' } },
  result: { data: { property: buildPropertyDetail() } },
});
const recordViewMock = () => ({
  request: { query: RecordViewDocument, variables: { propertyId: '10' } },
  result: {
    data: {
      recordView: {
        __typename: 'HistoryEntry',
        id: 'e10',
        isViewed: true,
        viewedAt: '2025-06-01T10:00:00.000Z',
        propertyId: '10',
        source: null,
      },
    },
  },
});
const mineMock = (request: ReturnType<typeof own> | null) => ({
  request: { query: MyVisitRequestDocument, variables: { propertyId: '10' } },
  result: { data: { myVisitRequest: request } },
});
const quiet = () => silentSubscription(VisitRequestChangedDocument);

/** A signed-in tenant (not the owner) on /property/10 with this own request. */
const tenantMocks = (request: ReturnType<typeof own> | null) => [
  meMock(buildUser()),
  detailMock(),
  favoritesMock([]),
  recordViewMock(),
  mineMock(request),
  quiet(),
];

const visitCard = async () =>
  (await screen.findByRole('heading', { name: 'Visiter ce bien' })).closest('section') as HTMLElement;
const toast = async (title: string) => (await screen.findByText(title, { selector: 'li *' })).closest('li')!;

describe('« Demander une visite » on a listing', () => {
  it('should ask a signed-out visitor to sign in', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/property/10', mocks: [meMock(null), detailMock()] });

    await user.click(within(await visitCard()).getByRole('button', { name: 'Demander une visite' }));

    const item = await toast('Authentification requise');
    expect(within(item).getByText('Veuillez vous connecter pour demander une visite')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should send the request with its message from a small dialog, then show « Demande envoyée »', async () => {
    const user = userEvent.setup();
    const sent = jest.fn();
    renderApp({
      path: '/property/10',
      mocks: [
        ...tenantMocks(null),
        {
          request: { query: RequestVisitDocument, variables: { propertyId: '10', message: 'Samedi matin ?' } },
          result: () => {
            sent();
            return { data: { requestVisit: own({ message: 'Samedi matin ?' }) } };
          },
        },
      ],
    });

    await user.click(within(await visitCard()).getByRole('button', { name: 'Demander une visite' }));
    const dialog = screen.getByRole('dialog', { name: 'Demander une visite' });
    await user.type(within(dialog).getByLabelText('Message (facultatif)'), '  Samedi matin ?');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));

    expect(await within(await visitCard()).findByText('Demande envoyée', { selector: '.badge' })).toBeInTheDocument();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(await visitCard()).queryByRole('button', { name: /Demander/ })).not.toBeInTheDocument();
  });

  it('should send without a message, and show the server refusal in a toast', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/property/10',
      mocks: [
        ...tenantMocks(null),
        {
          request: { query: RequestVisitDocument, variables: { propertyId: '10', message: null } },
          result: errorResult('Vous avez déjà demandé une visite de ce bien.', 'CONFLICT'),
        },
      ],
    });

    await user.click(within(await visitCard()).getByRole('button', { name: 'Demander une visite' }));
    await user.click(screen.getByRole('button', { name: 'Envoyer la demande' }));

    expect((await toast('Erreur')).textContent).toContain('Vous avez déjà demandé une visite de ce bien.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('should show « Acceptée » with the proposed slot in Paris time', async () => {
    renderApp({
      path: '/property/10',
      mocks: tenantMocks(own({ status: 'approved', proposedAt: '2025-06-14T08:00:00.000Z', slotMinutes: 30 })),
    });

    const card = await visitCard();
    expect(await within(card).findByText('Acceptée')).toBeInTheDocument();
    expect(within(card).getByText('Visite proposée le samedi 14 juin de 10:00 à 10:30')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('should show « Refusée » and offer a new request', async () => {
    renderApp({ path: '/property/10', mocks: tenantMocks(own({ status: 'rejected' })) });

    const card = await visitCard();
    expect(await within(card).findByText('Refusée')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Demander une nouvelle visite' })).toBeInTheDocument();
  });

  it("should follow the owner's answer live", async () => {
    const approved = {
      ...buildVisitRequest({
        id: '7',
        status: 'approved',
        proposedAt: '2025-06-14T08:00:00.000Z',
        slotMinutes: 45,
        message: null,
      }),
      requesterId: '1',
    };
    renderApp({
      path: '/property/10',
      mocks: [
        ...tenantMocks(own()).filter((m) => m.request.query !== VisitRequestChangedDocument),
        {
          request: { query: VisitRequestChangedDocument },
          result: { data: { visitRequestChanged: approved } },
          // After the card has read its request (on a busy machine the page takes a while to render).
          delay: 800,
        },
      ],
    });

    const card = await visitCard();
    expect(await within(card).findByText('Demande envoyée')).toBeInTheDocument();
    expect(await within(card).findByText('Acceptée', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(card).getByText('Visite proposée le samedi 14 juin de 10:00 à 10:45')).toBeInTheDocument();
    expect(await toast('Demande de visite acceptée')).toBeInTheDocument();
  });

  it("should not offer a visit of the owner's own listing", async () => {
    renderApp({
      path: '/property/10',
      mocks: [meMock(buildUser({ id: '2', username: 'paul' })), detailMock(), favoritesMock([]), recordViewMock()],
    });

    await screen.findByRole('link', { name: "Modifier l'annonce" });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Visiter ce bien' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Demander une visite' })).not.toBeInTheDocument();
  });
});
