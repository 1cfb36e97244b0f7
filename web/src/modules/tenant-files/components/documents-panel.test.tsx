import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CreateTenantFileDocument,
  DeleteTenantFileDocument,
  TenantFileActivityDocument,
  TenantFilesDocument,
  UploadTenantFileDocument,
} from '../../../gql/graphql';
import { RETENTION_RULE } from './documents-panel';
import { buildUser, errorResult, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import { buildTenantFile } from '../tenant-files.fixtures';

// Screens load lazily and CI machines are slow: allow more than the 1 s default to find them.
beforeAll(() => import('../../../routes/profile.page'));

const filesMock = (files = [buildTenantFile()]) => ({
  request: { query: TenantFilesDocument },
  result: { data: { tenantFiles: files } },
});
const pdf = () => new File(['%PDF'], 'avis.pdf', { type: 'application/pdf' });
const uploadMock = {
  request: { query: UploadTenantFileDocument, variables: () => true },
  result: {
    data: {
      uploadTenantFile: {
        __typename: 'UploadedTenantFile',
        fileUrl: '/api/tenant-files/pending/u1',
        originalName: 'avis.pdf',
      },
    },
  },
};

describe('profile Documents tab', () => {
  it('should list the documents with their French type and "Vérifié"', async () => {
    renderApp({
      path: '/profile?tab=documents',
      mocks: [
        meMock(buildUser()),
        filesMock([
          buildTenantFile(),
          // 23:30 UTC on 31 March is already 1 April in Paris.
          buildTenantFile({
            id: '4',
            title: 'Passeport',
            fileType: 'identity',
            verified: false,
            uploadedAt: '2025-03-31T23:30:00.000Z',
          }),
        ]),
      ],
    });

    const payslip = (await screen.findByRole('heading', { name: 'Bulletin de mars' })).closest('article')!;
    expect(within(payslip).getByText('Bulletin de salaire')).toBeInTheDocument();
    expect(within(payslip).getByText('Vérifié')).toBeInTheDocument();
    expect(within(payslip).getByRole('link', { name: 'Ouvrir Bulletin de mars' })).toHaveAttribute(
      'href',
      '/api/tenant-files/3/download',
    );
    const passport = screen.getByRole('heading', { name: 'Passeport' }).closest('article')!;
    expect(within(passport).getByText("Pièce d'identité")).toBeInTheDocument();
    expect(within(passport).queryByText('Vérifié')).not.toBeInTheDocument();
    expect(within(passport).getByText('1 avr. 2025')).toBeInTheDocument();
    expect(within(payslip).getByText('4 mars 2025')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true');
  });

  it('should show the empty state', async () => {
    renderApp({ path: '/profile?tab=documents', mocks: [meMock(buildUser()), filesMock([])] });

    expect(await screen.findByText('Aucun document')).toBeInTheDocument();
  });

  it('should show the load error with "Réessayer"', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/profile?tab=documents',
      mocks: [
        meMock(buildUser()),
        { request: { query: TenantFilesDocument }, result: errorResult('Boom', 'INTERNAL_SERVER_ERROR') },
        filesMock(),
      ],
    });

    expect(await screen.findByText('Impossible de récupérer vos documents')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Bulletin de mars' })).toBeInTheDocument();
  });

  it('should require a title, a type and a file', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/profile?tab=documents', mocks: [meMock(buildUser()), filesMock([])] });

    await user.click(await screen.findByRole('button', { name: 'Ajouter un document' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter le document' }));

    expect(await screen.findByText('Le titre est requis')).toBeInTheDocument();
    expect(screen.getByText('Le fichier est requis')).toBeInTheDocument();
    expect(screen.getByText('Le type de document est requis')).toBeInTheDocument();
    expect(screen.getByLabelText('Fichier')).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png,.doc,.docx');
  });

  it('should upload the file, then add the document to the list', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/profile?tab=documents',
      mocks: [
        meMock(buildUser()),
        filesMock([]),
        uploadMock,
        {
          request: {
            query: CreateTenantFileDocument,
            variables: {
              input: {
                title: 'Avis 2024',
                description: null,
                fileType: 'tax_notice',
                fileUrl: '/api/tenant-files/pending/u1',
              },
            },
          },
          result: {
            data: {
              createTenantFile: buildTenantFile({
                id: '9',
                title: 'Avis 2024',
                fileType: 'tax_notice',
                verified: false,
              }),
            },
          },
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Ajouter un document' }));
    await user.type(screen.getByLabelText('Titre'), 'Avis 2024');
    await user.selectOptions(screen.getByLabelText('Type de document'), 'tax_notice');
    await user.upload(screen.getByLabelText('Fichier'), pdf());
    expect(await screen.findByText('Fichier prêt : avis.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter le document' }));

    expect(await screen.findByText('Document ajouté')).toBeInTheDocument();
    const item = (await screen.findByRole('heading', { name: 'Avis 2024' })).closest('article')!;
    expect(within(item).getByText("Avis d'imposition")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajouter le document' })).not.toBeInTheDocument();
  });

  it('should refuse a file over 10 Mo beside the field before uploading it, and not call it missing on submit', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderApp({ path: '/profile?tab=documents', mocks: [meMock(buildUser()), filesMock([])] });

    await user.click(await screen.findByRole('button', { name: 'Ajouter un document' }));
    const input = screen.getByLabelText('Fichier');
    const big = new File([new Uint8Array(12 * 1024 * 1024)], 'bail.pdf', { type: 'application/pdf' });
    await user.upload(input, big);

    expect(await screen.findByText('Fichier trop volumineux')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Fichier trop volumineux'));
    await user.click(screen.getByRole('button', { name: 'Ajouter le document' }));
    expect(await screen.findByText('Le titre est requis')).toBeInTheDocument();
    expect(screen.getByText('Fichier trop volumineux')).toBeInTheDocument();
    expect(screen.queryByText('Le fichier est requis')).not.toBeInTheDocument();
    // No upload mock is given: an upload attempt would have toasted « Erreur de téléchargement ».
    expect(screen.queryByText('Erreur de téléchargement')).not.toBeInTheDocument();
  });

  it('should toast an upload failure with the server message', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/profile?tab=documents',
      mocks: [
        meMock(buildUser()),
        filesMock([]),
        {
          ...uploadMock,
          result: errorResult(
            'Type de fichier non supporté. Formats acceptés : PDF, JPG, PNG, DOC, DOCX.',
            'UNSUPPORTED_MEDIA_TYPE',
          ),
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Ajouter un document' }));
    await user.upload(screen.getByLabelText('Fichier'), pdf());

    const toast = (await screen.findByText('Erreur de téléchargement')).closest('li')!;
    expect(
      within(toast).getByText('Type de fichier non supporté. Formats acceptés : PDF, JPG, PNG, DOC, DOCX.'),
    ).toBeInTheDocument();
    // The reason stays beside the field, not replaced by « Le fichier est requis » on submit.
    await user.click(screen.getByRole('button', { name: 'Ajouter le document' }));
    expect(await screen.findByText('Le titre est requis')).toBeInTheDocument();
    expect(screen.getByLabelText('Fichier')).toHaveAccessibleDescription(
      expect.stringContaining('Type de fichier non supporté'),
    );
    expect(screen.queryByText('Le fichier est requis')).not.toBeInTheDocument();
  });

  it('should delete a document after confirmation, and toast a failure', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/profile?tab=documents',
      mocks: [
        meMock(buildUser()),
        filesMock([buildTenantFile(), buildTenantFile({ id: '4', title: 'Passeport', fileType: 'identity' })]),
        {
          request: { query: DeleteTenantFileDocument, variables: { id: '3' } },
          result: { data: { deleteTenantFile: true } },
        },
        {
          request: { query: DeleteTenantFileDocument, variables: { id: '4' } },
          result: errorResult('Non', 'FORBIDDEN'),
        },
      ],
    });

    await user.click(await screen.findByRole('button', { name: 'Supprimer Bulletin de mars' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Cette action est irréversible.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Document supprimé')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Bulletin de mars' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Supprimer Passeport' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Erreur lors de la suppression du fichier')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Passeport' })).toBeInTheDocument();
  });
});

describe('profile Documents tab: who opened what', () => {
  it('should show « Consulté par {prénom} le {date} », the running shares and the retention rule', async () => {
    renderApp({
      path: '/profile?tab=documents',
      mocks: [
        meMock(buildUser()),
        filesMock(),
        {
          request: { query: TenantFileActivityDocument },
          result: {
            data: {
              tenantFiles: [
                {
                  __typename: 'TenantFile',
                  id: '3',
                  accessLog: [
                    {
                      __typename: 'TenantFileAccessEntry',
                      id: '1',
                      readerFirstName: 'Camille',
                      conversationId: '5',
                      kind: 'download',
                      accessedAt: '2025-03-05T09:30:00.000Z',
                    },
                  ],
                  shares: [
                    {
                      __typename: 'TenantFileShareInfo',
                      conversationId: '5',
                      recipientFirstName: 'Camille',
                      expiresAt: '2025-04-04T08:00:00.000Z',
                      revokedAt: null,
                      status: 'ACTIVE',
                    },
                  ],
                },
              ],
            },
          },
        },
      ],
    });
    const log = await screen.findByRole('list', { name: 'Consultations' });
    expect(log).toHaveTextContent(/^Consulté par Camille le 5 mars 2025 à 10:30$/);
    expect(screen.getByText(/Partagé avec Camille jusqu'au 4 avr\.? 2025/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prolonger de 30 jours' })).toBeInTheDocument();
    expect(screen.getByText(RETENTION_RULE)).toBeInTheDocument();
  });
});
