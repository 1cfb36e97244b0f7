import { MODERATION_LIMITS, MODERATION_MSG, REPORT_REASON_LABELS } from '@flaneur/schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateReportDocument } from '../../../gql/graphql';
import { buildUser, errorResult, meMock } from '../../../test/factories';
import { renderWithApollo } from '../testing/render';
import { HiddenListingNotice, ReportListing } from './report-listing';

const listing = { id: '10', ownerId: '2' };

const reportMock = (input: Record<string, unknown>, result: object = { data: { createReport: reportRow } }) => ({
  request: { query: CreateReportDocument, variables: { input } },
  result,
});
const reportRow = {
  __typename: 'Report',
  id: '7',
  targetType: 'property',
  targetId: '10',
  reason: 'arnaque',
  createdAt: '2026-12-01T10:00:00.000Z',
};

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: "Signaler l'annonce" }));
  return { user, dialog: await screen.findByRole('dialog', { name: "Signaler l'annonce" }) };
}

describe("« Signaler l'annonce »", () => {
  it('should offer the five reasons and an optional comment of 1000 characters at most', async () => {
    renderWithApollo(<ReportListing property={listing} />, [meMock(buildUser())]);
    const { dialog } = await openDialog();

    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual(Object.values(REPORT_REASON_LABELS));
    expect(radios.every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    const comment = within(dialog).getByLabelText('Commentaire (facultatif)');
    expect(comment).toHaveAttribute('maxLength', String(MODERATION_LIMITS.reportCommentMax));
    expect(within(dialog).getByText('1 000 caractères restants')).toBeInTheDocument();
  });

  it('should ask for a reason before sending anything', async () => {
    renderWithApollo(<ReportListing property={listing} />, [meMock(buildUser())]);
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent(MODERATION_MSG.reportReasonInvalid);
  });

  it('should send the reason and the trimmed comment, then thank', async () => {
    renderWithApollo(<ReportListing property={listing} />, [
      meMock(buildUser()),
      reportMock({ targetType: 'property', targetId: '10', reason: 'doublon', comment: 'Même annonce ailleurs' }),
    ]);
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.doublon }));
    await user.type(within(dialog).getByLabelText('Commentaire (facultatif)'), '  Même annonce ailleurs ');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));

    expect(await within(dialog).findByText(MODERATION_MSG.reportReceived)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Terminé' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should send no comment when none was typed', async () => {
    renderWithApollo(<ReportListing property={listing} />, [
      meMock(buildUser()),
      reportMock({ targetType: 'property', targetId: '10', reason: 'arnaque', comment: null }),
    ]);
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.arnaque }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));

    expect(await within(dialog).findByText(MODERATION_MSG.reportReceived)).toBeInTheDocument();
  });

  it.each([
    ['a second report', MODERATION_MSG.reportDuplicate, 'CONFLICT'],
    ['too many reports', 'Trop de signalements en peu de temps. Réessayez dans une heure.', 'TOO_MANY_REQUESTS'],
  ])('should show the French answer of the server to %s and keep the form', async (_case, message, code) => {
    renderWithApollo(<ReportListing property={listing} />, [
      meMock(buildUser()),
      reportMock(
        { targetType: 'property', targetId: '10', reason: 'arnaque', comment: null },
        errorResult(message, code),
      ),
    ]);
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.arnaque }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).queryByText(MODERATION_MSG.reportReceived)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Envoyer le signalement' })).toBeEnabled();
  });

  it('should ask a signed-out visitor to sign in, and come back to the listing after', async () => {
    const { router } = renderWithApollo(<ReportListing property={listing} />, [meMock(null)]);
    const { user, dialog } = await openDialog();

    expect(within(dialog).getByText(/Connectez-vous pour signaler cette annonce/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: 'Se connecter' }));

    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.state).toEqual({ from: '/here' });
  });

  it('should not be offered to the owner of the listing', async () => {
    renderWithApollo(
      <>
        <p>Annonce</p>
        <ReportListing property={{ id: '10', ownerId: '1' }} />
      </>,
      [meMock(buildUser({ id: '1' }))],
    );

    await screen.findByText('Annonce');
    // The session answers after the first render: wait for it before checking the button is gone.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: "Signaler l'annonce" })).not.toBeInTheDocument();
  });
});

describe('hidden listing notice', () => {
  it('should say a hidden listing is hidden by moderation', () => {
    renderWithApollo(<HiddenListingNotice property={{ hiddenAt: '2026-12-01T10:00:00Z' }} />, []);
    expect(screen.getByRole('status')).toHaveTextContent(MODERATION_MSG.listingHidden);
  });

  it('should say nothing of a listing moderation did not hide', () => {
    renderWithApollo(<HiddenListingNotice property={{ hiddenAt: null }} />, []);
    expect(screen.queryByText(MODERATION_MSG.listingHidden)).not.toBeInTheDocument();
  });
});
