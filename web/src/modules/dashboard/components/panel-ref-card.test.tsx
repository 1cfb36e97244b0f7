import { MSG } from '@flaneur/schema';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PropertyByRefDocument, SimulationEnabledDocument } from '../../../gql/graphql';
import { parisDay } from '../../../lib/format';
import { buildUser, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import { historyMock, preferencesMock, silentSubscriptions, unreadCountMock } from '../../properties/testing/factories';
import { openPanel } from '../lib/open-panel';

// The gateway answers /p/{ref} (records the discovery, redirects): the card leaves the app for it.
jest.mock('../lib/open-panel', () => ({ openPanel: jest.fn() }));
const opened = openPanel as jest.MockedFunction<typeof openPanel>;

function refMock(ref: string, found: boolean) {
  return {
    request: { query: PropertyByRefDocument, variables: { ref } },
    result: { data: { propertyByRef: found ? { __typename: 'Property' as const, id: '12' } : null } },
  };
}

function renderDashboard(...extra: ReturnType<typeof refMock>[]) {
  return renderApp({
    path: '/dashboard',
    mocks: [
      meMock(buildUser()),
      historyMock([], parisDay()),
      historyMock([]),
      preferencesMock(),
      unreadCountMock(0),
      { request: { query: SimulationEnabledDocument }, result: { data: { simulationEnabled: false } } },
      ...silentSubscriptions(),
      ...extra,
    ],
  });
}

beforeEach(() => opened.mockReset());

describe("« Référence d'un panneau » on the dashboard", () => {
  it('should open the listing of a reference typed in lower case with Crockford look-alikes, as its QR code does', async () => {
    const user = userEvent.setup();
    renderDashboard(refMock('103M9Q', true));

    const field = await screen.findByRole('textbox', { name: "Référence d'un panneau" });
    await user.type(field, 'lo3-m9q');
    await user.click(screen.getByRole('button', { name: "Voir l'annonce" }));

    await waitFor(() => expect(opened).toHaveBeenCalledWith('103M9Q'));
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('should explain a malformed reference in French and open nothing', async () => {
    const user = userEvent.setup();
    renderDashboard();

    const field = await screen.findByRole('textbox', { name: "Référence d'un panneau" });
    await user.type(field, 'AB12U');
    await user.click(screen.getByRole('button', { name: "Voir l'annonce" }));

    expect(await screen.findByText(MSG.panelRefInvalid)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(MSG.panelRefInvalid));
    expect(opened).not.toHaveBeenCalled();
  });

  it('should say « Référence inconnue » beside the field when no listing bears a well-formed reference', async () => {
    const user = userEvent.setup();
    renderDashboard(refMock('ZZZZZZ', false));

    const field = await screen.findByRole('textbox', { name: "Référence d'un panneau" });
    await user.type(field, 'zzzzzz');
    await user.click(screen.getByRole('button', { name: "Voir l'annonce" }));

    expect(await screen.findByText(MSG.panelRefUnknown)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(MSG.panelRefUnknown));
    expect(opened).not.toHaveBeenCalled();
  });
});
