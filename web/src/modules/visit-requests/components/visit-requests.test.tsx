import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MyPropertiesDocument,
  ReceivedVisitRequestsDocument,
  RespondToVisitRequestDocument,
  VisitRequestChangedDocument,
} from '../../../gql/graphql';
import { parisDay, parisInstant } from '../../../lib/format';
import { buildUser, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import { silentSubscription } from '../../conversations/conversations.fixtures';
import { buildVisitRequest } from '../visit-requests.fixtures';

const myPropertiesMock = () => ({ request: { query: MyPropertiesDocument }, result: { data: { myProperties: [] } } });
const visitsMock = (asOwner = [buildVisitRequest()]) => ({
  request: { query: ReceivedVisitRequestsDocument },
  result: { data: { visitRequests: { __typename: 'VisitRequests', asOwner } } },
});
const quiet = () => silentSubscription(VisitRequestChangedDocument);
const section = async () =>
  (await screen.findByRole('heading', { name: 'Demandes de visite' })).closest('section') as HTMLElement;

/** A Paris day `days` from now, as the date field takes it. */
const dayIn = (days: number) => parisDay(new Date(Date.now() + days * 24 * 60 * 60 * 1000));

describe('« Demandes de visite » on « Mes annonces »', () => {
  it('should add a new request as it arrives, with a toast', async () => {
    const incoming = { ...buildVisitRequest({ id: '9', message: 'Je peux passer demain' }), requesterId: '2' };
    renderApp({
      path: '/my-properties',
      mocks: [
        meMock(buildUser()),
        myPropertiesMock(),
        visitsMock([]),
        {
          request: { query: VisitRequestChangedDocument },
          result: { data: { visitRequestChanged: incoming } },
          delay: 50,
        },
      ],
    });

    const list = await section();
    expect(await within(list).findByText('Aucune demande de visite pour le moment.')).toBeInTheDocument();
    expect(await within(list).findByText('Je peux passer demain')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Paul Martin' })).toHaveAttribute('href', '/profile/paul');
    expect(within(list).getByText('En attente')).toBeInTheDocument();
    expect(await screen.findByText('Nouvelle demande de visite')).toBeInTheDocument();
  });

  it('should accept by proposing a day, a start time and a length, then show the slot', async () => {
    const user = userEvent.setup();
    const request = buildVisitRequest();
    const day = dayIn(7);
    const proposedAt = parisInstant(day, '10:00')!.toISOString();
    const answered = jest.fn();
    renderApp({
      path: '/my-properties',
      mocks: [
        meMock(buildUser()),
        myPropertiesMock(),
        visitsMock([request]),
        quiet(),
        {
          request: {
            query: RespondToVisitRequestDocument,
            variables: { id: '5', approve: true, proposedAt, slotMinutes: 45 },
          },
          result: () => {
            answered();
            return { data: { respondToVisitRequest: { ...request, status: 'approved', proposedAt, slotMinutes: 45 } } };
          },
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Accepter la demande de Paul Martin' }));
    const dialog = screen.getByRole('dialog', { name: 'Proposer une visite' });
    await user.type(within(dialog).getByLabelText('Date de la visite'), day);
    await user.type(within(dialog).getByLabelText('Heure de début'), '10:00');
    await user.selectOptions(within(dialog).getByLabelText('Durée'), '45 min');
    await user.click(within(dialog).getByRole('button', { name: 'Accepter et proposer' }));

    const list = await section();
    expect(await within(list).findByText('Acceptée')).toBeInTheDocument();
    expect(within(list).getByText(/^Visite proposée le .+ de 10:00 à 10:45$/)).toBeInTheDocument();
    expect(answered).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Refuser/ })).not.toBeInTheDocument();
  });

  it('should explain in French what is wrong with the slot, without sending', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/my-properties',
      mocks: [meMock(buildUser()), myPropertiesMock(), visitsMock(), quiet()],
    });

    await user.click(await screen.findByRole('button', { name: 'Accepter la demande de Paul Martin' }));
    const dialog = screen.getByRole('dialog', { name: 'Proposer une visite' });
    await user.click(within(dialog).getByRole('button', { name: 'Accepter et proposer' }));
    expect(within(dialog).getByText("Choisissez la date et l'heure de la visite.")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Date de la visite'), dayIn(-2));
    await user.type(within(dialog).getByLabelText('Heure de début'), '10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Accepter et proposer' }));
    expect(within(dialog).getByText('La visite doit avoir lieu dans le futur.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Date de la visite'));
    await user.type(within(dialog).getByLabelText('Date de la visite'), dayIn(100));
    await user.click(within(dialog).getByRole('button', { name: 'Accepter et proposer' }));
    expect(within(dialog).getByText('La visite doit avoir lieu dans les 90 jours.')).toBeInTheDocument();
    expect(within(await section()).getByText('En attente')).toBeInTheDocument();
  });

  it('should show the slot of an accepted request', async () => {
    renderApp({
      path: '/my-properties',
      mocks: [
        meMock(buildUser()),
        myPropertiesMock(),
        visitsMock([
          buildVisitRequest({ status: 'approved', proposedAt: '2025-06-14T08:00:00.000Z', slotMinutes: 30 }),
        ]),
        quiet(),
      ],
    });

    expect(
      await within(await section()).findByText('Visite proposée le samedi 14 juin de 10:00 à 10:30'),
    ).toBeInTheDocument();
  });
});
