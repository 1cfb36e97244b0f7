import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { LoadError } from '../../../components/load-error';
import { StatusMessage } from '../../../components/status-message';
import { TenantFileActivityDocument, TenantFilesDocument, type TenantFileFieldsFragment } from '../../../gql/graphql';
import { useDeleteTenantFileMutation } from '../hooks/use-delete-tenant-file-mutation';
import { DocumentForm } from './document-form';
import { DocumentItem } from './document-item';
import '../tenant-files.css';

/** The retention rule, as the gateway applies it (docs/decisions.md). */
export const RETENTION_RULE =
  'Vos documents sont protégés : chaque destinataire reçoit une copie filigranée à son nom, chaque partage expire (7, 30 ou 90 jours) et un document ni partagé ni consulté pendant 12 mois est supprimé, après un e-mail de prévenance un mois avant.';

/** The profile's Documents tab: the tenant folder (dossier locataire), the add form, delete. */
export function DocumentsPanel() {
  const { data, loading, error, refetch } = useQuery(TenantFilesDocument, { notifyOnNetworkStatusChange: true });
  // Shares and access log: secondary, never blocks the list.
  const { data: activity } = useQuery(TenantFileActivityDocument, { errorPolicy: 'all' });
  const { deleteFile, loading: deleting } = useDeleteTenantFileMutation();
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<TenantFileFieldsFragment | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const { id } = toDelete;
    setToDelete(null);
    await deleteFile(id);
  };

  let list;
  if (loading) list = <Spinner label="Chargement de vos documents…" />;
  else if (error || !data) {
    list = (
      <LoadError
        title="Impossible de récupérer vos documents"
        text="Une erreur est survenue lors du chargement de vos documents."
        onRetry={refetch}
      />
    );
  } else if (data.tenantFiles.length === 0) {
    list = (
      <StatusMessage
        title="Aucun document"
        text="Ajoutez vos justificatifs pour constituer votre dossier locataire et le partager avec les propriétaires."
      />
    );
  } else {
    list = (
      <ul className="documents-list" aria-label="Mes documents">
        {data.tenantFiles.map((file) => (
          <li key={file.id}>
            <DocumentItem
              file={file}
              onDelete={setToDelete}
              activity={activity?.tenantFiles?.find((a) => a.id === file.id)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="documents-panel" aria-labelledby="documents-title">
      <div className="documents-panel__head">
        <h2 id="documents-title" className="section-title">
          Dossier locataire
        </h2>
        {!adding && (
          <button type="button" className="button button--primary button--small" onClick={() => setAdding(true)}>
            Ajouter un document
          </button>
        )}
      </div>
      {adding && (
        <div className="card">
          <DocumentForm onAdded={() => setAdding(false)} onCancel={() => setAdding(false)} />
        </div>
      )}
      <p className="documents-panel__rule page__note">{RETENTION_RULE}</p>
      {list}
      <ConfirmDialog
        open={toDelete !== null}
        title="Supprimer ce document ?"
        description={`« ${toDelete?.title ?? ''} » sera supprimé définitivement, y compris des conversations où vous l'avez joint. Cette action est irréversible.`}
        confirmLabel="Supprimer"
        busyLabel="Suppression..."
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
