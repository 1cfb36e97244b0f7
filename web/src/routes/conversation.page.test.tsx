import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODERATION_MSG, REPORT_REASON_LABELS } from '@flaneur/schema';
import {
  ConversationThreadDocument,
  CreateReportDocument,
  ConversationUpdatedDocument,
  CreateTenantFileDocument,
  MarkConversationReadDocument,
  MessageAddedDocument,
  RevokeTenantFileAccessDocument,
  SendMessageDocument,
  TenantFilesDocument,
  UploadTenantFileDocument,
} from '../gql/graphql';
import { buildTenantFile } from '../modules/tenant-files/tenant-files.fixtures';
import {
  buildAttachedFile,
  buildMessage,
  buildRow,
  paul,
  silentSubscription,
} from '../modules/conversations/conversations.fixtures';
import { buildUser, errorResult, meMock } from '../test/factories';
import { renderApp } from '../test/render-app';

// Screens load lazily and CI machines are slow: allow more than the 1 s default to find them.
beforeAll(() => import('./conversation.page'));

type Mock = Parameters<typeof renderApp>[0] extends infer O ? (O extends { mocks?: (infer M)[] } ? M : never) : never;

function threadMock(
  messages = [buildMessage()],
  property: { id: string; title: string } | null = { id: '10', title: 'Appartement lumineux' },
  trustWarning: { message: string; signals: string[] } | null = null,
) {
  return {
    request: { query: ConversationThreadDocument, variables: { id: '5' } },
    result: {
      data: {
        conversation: {
          __typename: 'ConversationThread',
          conversation: {
            __typename: 'Conversation',
            id: '5',
            propertyId: property?.id ?? null,
            lastActivityAt: '2025-03-04T09:15:00.000Z',
          },
          participant: paul,
          property: property && { __typename: 'Property', ...property },
          propertyTitle: property?.title ?? 'Annonce supprimée',
          messages,
          trustWarning: trustWarning && {
            __typename: 'TrustWarning',
            ...trustWarning,
            reportTargetType: 'conversation',
            reportTargetId: '5',
          },
          documentsWarning: null,
        },
      },
    },
  };
}
const markReadMock = {
  request: { query: MarkConversationReadDocument, variables: { conversationId: '5' } },
  result: { data: { markConversationRead: buildRow({ unreadCount: 0 }) } },
  maxUsageCount: 5,
};
const quiet = [
  silentSubscription(ConversationUpdatedDocument),
  silentSubscription(MessageAddedDocument, { conversationId: '5' }),
];

function open(extra: Mock[] = [], messages = [buildMessage()]) {
  return renderApp({
    path: '/messages/5',
    mocks: [meMock(buildUser()), threadMock(messages), markReadMock, ...quiet, ...extra],
  });
}

const sendMock = (
  variables: Record<string, unknown>,
  message = buildMessage({ id: '101', senderId: '1', content: 'Oui, samedi' }),
) => ({
  request: { query: SendMessageDocument, variables: { conversationId: '5', ...variables } },
  result: { data: { sendMessage: message } },
});
const filesMock = (files = [buildTenantFile()]) => ({
  request: { query: TenantFilesDocument },
  result: { data: { tenantFiles: files } },
});

describe('/messages/{id}', () => {
  it('should show the participant, the listing and the messages with their time', async () => {
    open();

    expect(await screen.findByRole('heading', { level: 1, name: 'Paul Martin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Appartement lumineux' })).toHaveAttribute('href', '/property/10');
    expect(screen.getByText('Bonjour, le bien est-il disponible ?')).toBeInTheDocument();
    expect(screen.getByText('10:15')).toBeInTheDocument();
  });

  it('should give message times in Paris time, and no time for an unreadable date', async () => {
    open(
      [],
      [
        buildMessage({ id: '100', sentAt: '2025-03-04T22:45:00.000Z', content: 'Tard le soir' }),
        buildMessage({ id: '101', sentAt: 'pas une date', content: 'Sans date' }),
      ],
    );

    const late = (await screen.findByText('Tard le soir')).closest('li')!;
    expect(within(late).getByText('23:45')).toBeInTheDocument();
    const undated = screen.getByText('Sans date').closest('li')!;
    expect(undated.querySelector('time')?.textContent ?? '').toBe('');
  });

  it('should mark the conversation read when it opens', async () => {
    const result = jest.fn(() => ({ data: { markConversationRead: buildRow({ unreadCount: 0 }) } }));
    renderApp({
      path: '/messages/5',
      mocks: [meMock(buildUser()), threadMock(), { ...markReadMock, result }, ...quiet],
    });

    await screen.findByText('Bonjour, le bien est-il disponible ?');
    await waitFor(() => expect(result).toHaveBeenCalled());
  });

  it('should invite to start the conversation when there is no message', async () => {
    open([], []);

    expect(await screen.findByText('Commencez la conversation')).toBeInTheDocument();
  });

  it('should say "Conversation non trouvée" with a way back when it cannot be loaded', async () => {
    renderApp({
      path: '/messages/5',
      mocks: [
        meMock(buildUser()),
        {
          request: { query: ConversationThreadDocument, variables: { id: '5' } },
          result: errorResult("Cette conversation n'existe pas ou vous n'y avez pas accès.", 'FORBIDDEN'),
        },
        ...quiet,
      ],
    });

    expect(await screen.findByRole('heading', { name: 'Conversation non trouvée' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour aux messages' })).toHaveAttribute('href', '/messages');
  });

  it('should send on Enter, add a line on Shift+Enter, and keep send disabled while blank', async () => {
    const user = userEvent.setup();
    open([sendMock({ content: 'Oui,\nsamedi' }, buildMessage({ id: '101', senderId: '1', content: 'Oui,\nsamedi' }))]);

    const input = await screen.findByLabelText('Votre message');
    const send = screen.getByRole('button', { name: 'Envoyer' });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(input).toHaveValue('   ');

    await user.clear(input);
    await user.type(input, 'Oui,{Shift>}{Enter}{/Shift}samedi');
    expect(input).toHaveValue('Oui,\nsamedi');
    expect(send).toBeEnabled();
    await user.type(input, '{Enter}');

    await waitFor(() => expect(input).toHaveValue(''));
    const mine = await screen.findByText(
      (_, el) => el?.className === 'message__content' && el.textContent === 'Oui,\nsamedi',
    );
    expect(mine.closest('li')).toHaveClass('message--mine');
  });

  it('should say « Utilisateur non authentifié » when the session is gone while sending', async () => {
    const user = userEvent.setup();
    open([
      {
        request: { query: SendMessageDocument, variables: () => true },
        result: errorResult('Connexion requise', 'UNAUTHENTICATED'),
      },
    ]);

    const input = await screen.findByLabelText('Votre message');
    await user.type(input, 'Bonjour{Enter}');

    const toast = (await screen.findByText('Erreur')).closest('li')!;
    expect(within(toast).getByText('Utilisateur non authentifié')).toBeInTheDocument();
    expect(input).toHaveValue('Bonjour');
  });

  it('should say « Erreur lors du téléchargement du fichier » when a document of the dialog fails to upload', async () => {
    const user = userEvent.setup();
    open([
      filesMock([]),
      {
        request: { query: UploadTenantFileDocument, variables: () => true },
        result: errorResult('Type de fichier non accepté', 'BAD_USER_INPUT'),
      },
    ]);

    await user.click(await screen.findByRole('button', { name: 'Joindre des documents' }));
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByText('Aucun document dans votre dossier.');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un document' }));
    await user.upload(
      within(dialog).getByLabelText('Fichier'),
      new File(['%PDF'], 'rib.pdf', { type: 'application/pdf' }),
    );

    const toast = (await screen.findByText('Erreur lors du téléchargement du fichier')).closest('li')!;
    expect(within(toast).getByText('Type de fichier non accepté')).toBeInTheDocument();
  });

  it('should toast the send failure and keep the text', async () => {
    const user = userEvent.setup();
    open([
      {
        request: { query: SendMessageDocument, variables: () => true },
        result: errorResult('Boom', 'INTERNAL_SERVER_ERROR'),
      },
    ]);

    const input = await screen.findByLabelText('Votre message');
    await user.type(input, 'Bonjour{Enter}');

    const toast = (await screen.findByText('Erreur')).closest('li')!;
    expect(within(toast).getByText("Impossible d'envoyer votre message. Veuillez réessayer.")).toBeInTheDocument();
    expect(input).toHaveValue('Bonjour');
  });

  it('should enable "Joindre" only once a document is selected, and toast the selection', async () => {
    const user = userEvent.setup();
    open([filesMock([buildTenantFile(), buildTenantFile({ id: '4', title: 'Passeport', fileType: 'identity' })])]);

    await user.click(await screen.findByRole('button', { name: 'Joindre des documents' }));
    const dialog = screen.getByRole('dialog', { name: 'Joindre des documents' });
    const attach = within(dialog).getByRole('button', { name: 'Joindre' });
    expect(attach).toBeDisabled();
    expect(within(dialog).getByTestId('attach-list')).toHaveStyle({ height: '240px' });

    const payslip = await within(dialog).findByRole('checkbox', { name: /Bulletin de mars/ });
    expect(within(dialog).getByText('Bulletin de salaire')).toBeInTheDocument();
    await user.click(payslip);
    expect(attach).toBeEnabled();
    await user.click(payslip);
    expect(attach).toBeDisabled();
    await user.click(payslip);
    await user.click(within(dialog).getByRole('checkbox', { name: /Passeport/ }));
    await user.click(attach);

    const toast = (await screen.findByText('Documents sélectionnés')).closest('li')!;
    expect(within(toast).getByText('2 document(s) prêt(s) à être envoyé(s)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Documents joints' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeEnabled();
  });

  it('should offer the share durations as one segmented choice, 30 days by default', async () => {
    const user = userEvent.setup();
    open([filesMock()]);
    await user.click(await screen.findByRole('button', { name: 'Joindre des documents' }));
    const group = within(screen.getByRole('dialog')).getByRole('group', { name: 'Durée du partage' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['7 jours', '30 jours', '90 jours']);
    expect(radios.every((r) => r.closest('label')?.className === 'segmented__option')).toBe(true);
    expect(within(group).getByRole('radio', { name: '30 jours' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: '90 jours' }));
    expect(within(group).getByRole('radio', { name: '90 jours' })).toBeChecked();
  });

  it('should add a document in place, asking its type, select it and toast', async () => {
    const user = userEvent.setup();
    open([
      filesMock([]),
      {
        request: { query: UploadTenantFileDocument, variables: () => true },
        result: {
          data: {
            uploadTenantFile: {
              __typename: 'UploadedTenantFile',
              fileUrl: '/api/tenant-files/pending/u2',
              originalName: 'rib.pdf',
            },
          },
        },
      },
      {
        request: {
          query: CreateTenantFileDocument,
          variables: {
            input: {
              title: 'Attestation',
              description: null,
              fileType: 'guarantor',
              fileUrl: '/api/tenant-files/pending/u2',
            },
          },
        },
        result: {
          data: {
            createTenantFile: buildTenantFile({
              id: '12',
              title: 'Attestation',
              fileType: 'guarantor',
              verified: false,
            }),
          },
        },
      },
    ]);

    await user.click(await screen.findByRole('button', { name: 'Joindre des documents' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Aucun document dans votre dossier.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Avec « Joindre », le document sera joint à votre prochain message.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un document' }));
    // The type is asked, with the Documents tab's labels, 'other' at first.
    const type = within(dialog).getByLabelText(/Type de document/);
    expect(type).toHaveValue('other');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(["Pièce d'identité", 'Bulletin de salaire', 'Garant', 'Autre']));
    // One « Annuler » only: the dialog's; the add form goes back to the list.
    expect(within(dialog).getAllByRole('button', { name: 'Annuler' })).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Retour à la liste' })).toBeInTheDocument();
    await user.selectOptions(type, 'guarantor');
    await user.type(within(dialog).getByLabelText('Titre'), 'Attestation');
    await user.upload(
      within(dialog).getByLabelText('Fichier'),
      new File(['%PDF'], 'rib.pdf', { type: 'application/pdf' }),
    );
    await within(dialog).findByText('Fichier prêt : rib.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le document' }));

    const toast = (await screen.findByText('Document ajouté')).closest('li')!;
    expect(within(toast).getByText("Votre document a été ajouté et sélectionné pour l'envoi.")).toBeInTheDocument();
    expect(await within(dialog).findByRole('checkbox', { name: /Attestation/ })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Joindre' })).toBeEnabled();
  });

  it('should go to /profile from "Gérer mes documents"', async () => {
    const user = userEvent.setup();
    const { router } = open([filesMock([])]);

    await user.click(await screen.findByRole('button', { name: 'Joindre des documents' }));
    await user.click(screen.getByRole('button', { name: 'Gérer mes documents' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('should send the selected documents with the message', async () => {
    const user = userEvent.setup();
    const sent = buildMessage({
      id: '102',
      senderId: '1',
      content: 'Mon dossier',
      messageType: 'tenant_application',
      attachedFileIds: ['3'],
      attachedFiles: [
        {
          __typename: 'TenantFile',
          id: '3',
          title: 'Bulletin de mars',
          fileType: 'payslip',
          fileUrl: '/api/tenant-files/3/download',
          originalName: 'mars.pdf',
          mimeType: 'application/pdf',
        },
      ] as never,
    });
    open([filesMock(), sendMock({ content: 'Mon dossier', attachedFileIds: ['3'], shareDays: 30 }, sent)]);

    await user.click(await screen.findByRole('button', { name: 'Joindre des documents' }));
    await user.click(await screen.findByRole('checkbox', { name: /Bulletin de mars/ }));
    await user.click(screen.getByRole('button', { name: 'Joindre' }));
    await user.type(screen.getByLabelText('Votre message'), 'Mon dossier{Enter}');

    const link = await screen.findByRole('link', { name: /Bulletin de mars/ });
    expect(link).toHaveAttribute('href', '/api/tenant-files/3/download');
    await waitFor(() => expect(screen.getByLabelText('Votre message')).toHaveValue(''));
  });

  it('should let the recipient open an attached document, and tell when one is no longer accessible', async () => {
    open(
      [],
      [
        buildMessage({
          messageType: 'tenant_application',
          attachedFileIds: ['8', '9'],
          attachedFiles: [
            {
              __typename: 'TenantFile',
              id: '8',
              title: 'Avis 2024',
              fileType: 'tax_notice',
              fileUrl: '/api/tenant-files/8/download',
              originalName: 'avis.pdf',
              mimeType: 'application/pdf',
            },
          ] as never,
        }),
      ],
    );

    expect(await screen.findByRole('link', { name: /Avis 2024/ })).toHaveAttribute(
      'href',
      '/api/tenant-files/8/download',
    );
    expect(screen.getByText("Un document joint n'est plus accessible.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Révoquer/ })).not.toBeInTheDocument();
  });

  it('should revoke access to a document the user sent, on every message that carries it', async () => {
    const user = userEvent.setup();
    const result = jest.fn(() => ({ data: { revokeTenantFileAccess: true } }));
    const { router } = open(
      [
        { request: { query: RevokeTenantFileAccessDocument, variables: { conversationId: '5', fileId: '3' } }, result },
        silentSubscription(ConversationThreadDocument, { id: '6' }),
        silentSubscription(ConversationThreadDocument, { id: '5' }),
        ...quiet,
      ],
      [
        buildMessage({ id: '100', senderId: '1', attachedFileIds: ['3'], attachedFiles: [buildAttachedFile('3')] }),
        buildMessage({ id: '101', senderId: '1', attachedFileIds: ['3'], attachedFiles: [buildAttachedFile('3')] }),
      ],
    );

    const [first] = await screen.findAllByRole('button', { name: "Révoquer l'accès à Bulletin de mars" });
    await user.click(first);

    const toast = (await screen.findByText('Paul Martin ne peut plus consulter ce document.')).closest('li')!;
    expect(within(toast).getByText('Accès révoqué')).toBeInTheDocument();
    const lists = screen.getAllByRole('list', { name: 'Documents joints' });
    expect(lists).toHaveLength(2);
    for (const list of lists) expect(list).toHaveTextContent('Accès révoqué');
    expect(screen.queryByRole('button', { name: /Révoquer/ })).not.toBeInTheDocument();
    expect(result).toHaveBeenCalledTimes(1);

    // Leave and come back while the refresh is still on its way: the cached thread already says it.
    await act(() => router.navigate('/messages/6'));
    expect(screen.queryByRole('list', { name: 'Documents joints' })).not.toBeInTheDocument();
    await act(() => router.navigate('/messages/5'));
    const again = await screen.findAllByRole('list', { name: 'Documents joints' });
    expect(again).toHaveLength(2);
    for (const list of again) expect(within(list).getByText('Accès révoqué')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Révoquer/ })).not.toBeInTheDocument();
  });

  it('should still say "Accès révoqué" after a reload, from the server\'s answer alone, with no revoke action', async () => {
    open(
      [],
      [
        buildMessage({
          senderId: '1',
          messageType: 'tenant_application',
          attachedFileIds: ['3', '4'],
          attachedFiles: [buildAttachedFile('3', 'Bulletin de mars'), buildAttachedFile('4', 'Passeport')],
          revokedFileIds: ['3'],
        }),
      ],
    );

    const revoked = (await screen.findByRole('link', { name: /Bulletin de mars/ })).closest('li')!;
    expect(within(revoked).getByText('Accès révoqué')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
    const granted = screen.getByRole('link', { name: /Passeport/ }).closest('li')!;
    expect(within(granted).queryByText('Accès révoqué')).not.toBeInTheDocument();
    expect(within(granted).getByRole('button', { name: "Révoquer l'accès à Passeport" })).toBeInTheDocument();
  });

  it('should offer revoking again once a revoked document is attached again', async () => {
    const user = userEvent.setup();
    const attached = { messageType: 'tenant_application' as const, attachedFileIds: ['3'] };
    const sent = buildMessage({
      id: '102',
      senderId: '1',
      content: 'De nouveau',
      ...attached,
      attachedFiles: [buildAttachedFile('3')],
    });
    open(
      [filesMock(), sendMock({ content: 'De nouveau', attachedFileIds: ['3'], shareDays: 30 }, sent)],
      [buildMessage({ senderId: '1', ...attached, attachedFiles: [buildAttachedFile('3')], revokedFileIds: ['3'] })],
    );
    expect(await screen.findByText('Accès révoqué')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Joindre des documents' }));
    await user.click(await screen.findByRole('checkbox', { name: /Bulletin de mars/ }));
    await user.click(screen.getByRole('button', { name: 'Joindre' }));
    await user.type(screen.getByLabelText('Votre message'), 'De nouveau{Enter}');

    expect(await screen.findByText('De nouveau')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: "Révoquer l'accès à Bulletin de mars" })).toHaveLength(2),
    );
    expect(screen.queryByText('Accès révoqué')).not.toBeInTheDocument();
  });

  it('should show a message arriving live', async () => {
    renderApp({
      path: '/messages/5',
      mocks: [
        meMock(buildUser()),
        threadMock(),
        markReadMock,
        silentSubscription(ConversationUpdatedDocument),
        {
          request: { query: MessageAddedDocument, variables: { conversationId: '5' } },
          result: { data: { messageAdded: buildMessage({ id: '200', content: 'Je peux visiter demain ?' }) } },
          delay: 30,
        },
      ],
    });

    expect(await screen.findByText('Je peux visiter demain ?')).toBeInTheDocument();
    expect(screen.getByText('Bonjour, le bien est-il disponible ?')).toBeInTheDocument();
  });

  describe('trust shield', () => {
    const warned = (extra: Mock[] = []) =>
      renderApp({
        path: '/messages/5',
        mocks: [
          meMock(buildUser()),
          threadMock([buildMessage()], undefined, {
            message: MODERATION_MSG.scamWarning,
            signals: ['coupon_paiement'],
          }),
          markReadMock,
          ...quiet,
          ...extra,
        ],
      });

    it('should show the warning above the messages, with a link that reports the conversation', async () => {
      const report = jest.fn(() => ({
        data: {
          createReport: {
            __typename: 'Report',
            id: '3',
            targetType: 'conversation',
            targetId: '5',
            reason: 'arnaque',
            createdAt: '2026-12-01T10:00:00.000Z',
          },
        },
      }));
      warned([
        {
          request: {
            query: CreateReportDocument,
            variables: { input: { targetType: 'conversation', targetId: '5', reason: 'arnaque', comment: null } },
          },
          result: report,
        },
      ]);
      const user = userEvent.setup();

      const banner = await screen.findByRole('complementary', { name: 'Conseil de prudence' });
      expect(banner).toHaveTextContent(MODERATION_MSG.scamWarning);
      const messages = screen.getByRole('list', { name: 'Messages' });
      expect(banner.compareDocumentPosition(messages) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

      await user.click(within(banner).getByRole('button', { name: 'Signaler la conversation' }));
      const dialog = await screen.findByRole('dialog', { name: 'Signaler la conversation' });
      await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.arnaque }));
      await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));

      expect(await within(dialog).findByText(MODERATION_MSG.reportReceived)).toBeInTheDocument();
      expect(report).toHaveBeenCalledTimes(1);
    });

    it('should show no warning on a clean conversation, and still offer « Signaler » in its header', async () => {
      open();
      const user = userEvent.setup();

      await screen.findByText('Bonjour, le bien est-il disponible ?');
      expect(screen.queryByRole('complementary', { name: 'Conseil de prudence' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Signaler la conversation' }));
      expect(await screen.findByRole('dialog', { name: 'Signaler la conversation' })).toBeInTheDocument();
    });
  });
});
