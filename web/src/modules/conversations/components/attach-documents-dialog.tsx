import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { toast } from '../../../components/toaster/use-toast';
import { TenantFilesDocument, type TenantFileFieldsFragment } from '../../../gql/graphql';
import { DocumentForm } from '../../tenant-files/components/document-form';
import { documentTypeLabel } from '../../tenant-files/lib/document-labels';
// The segmented choice of the search criteria, for the share's duration.
import '../../preferences/preferences.css';

interface AttachDocumentsDialogProps {
  open: boolean;
  initialSelection: TenantFileFieldsFragment[];
  /** The share duration chosen last time (30 by default). */
  initialDays?: number;
  onClose: () => void;
  onAttach: (documents: TenantFileFieldsFragment[], shareDays: number) => void;
  /** The gateway's caution about the recipient (a new or flagged account), shown above the list; none when null. */
  warning?: string | null;
}

/** How long an attached document stays readable by the other participant. */
export const SHARE_DURATIONS = [7, 30, 90] as const;
/** Word documents cannot be stamped for their recipient: they are never shared (the gateway refuses them too). */
export const WORD_NOT_SHAREABLE = 'Document Word : enregistrez-le en PDF pour le partager.';
const isWord = (f: TenantFileFieldsFragment) => !['application/pdf', 'image/jpeg', 'image/png'].includes(f.mimeType);

const ADDED_AND_SELECTED = {
  title: 'Document ajouté',
  description: "Votre document a été ajouté et sélectionné pour l'envoi.",
};

/** Says what « Joindre » does: the documents go with the next message, not at once. */
export const ATTACH_HINT = 'Avec « Joindre », le document sera joint à votre prochain message.';

/**
 * Picks tenant documents to send: a 240 px list of the folder, a document added in place (its type
 * asked, 'other' at first) and selected at once, "Gérer mes documents", and "Joindre", disabled until
 * at least one document is selected. The dialog's « Annuler » is the only one: the add form's reads
 * « Retour à la liste ».
 */
export function AttachDocumentsDialog({
  open,
  initialSelection,
  initialDays = 30,
  onClose,
  onAttach,
  warning = null,
}: AttachDocumentsDialogProps) {
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(TenantFilesDocument, {
    skip: !open,
    notifyOnNetworkStatusChange: true,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [days, setDays] = useState(initialDays);

  useEffect(() => {
    if (!open) return;
    setSelected(initialSelection.map((d) => d.id));
    setDays(initialDays);
    setAdding(false);
  }, [open, initialSelection, initialDays]);

  const files = data?.tenantFiles ?? [];
  const toggle = (id: string) =>
    setSelected((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));

  const attach = () => {
    const chosen = files.filter((f) => selected.includes(f.id) && !isWord(f));
    if (chosen.length === 0) return;
    onAttach(chosen, days);
    toast({
      title: 'Documents sélectionnés',
      description: `${chosen.length} document(s) prêt(s) à être envoyé(s)`,
    });
  };

  let list;
  if (loading) list = <Spinner label="Chargement de vos documents…" />;
  else if (error) {
    list = (
      <div className="attach-dialog__state" role="alert">
        <p>Impossible de récupérer vos documents.</p>
        <button type="button" className="button button--link" onClick={() => void refetch().catch(() => undefined)}>
          Réessayer
        </button>
      </div>
    );
  } else if (files.length === 0) {
    list = <p className="attach-dialog__state page__note">Aucun document dans votre dossier.</p>;
  } else {
    list = (
      <ul className="attach-dialog__items">
        {files.map((file) => (
          <li key={file.id}>
            <label className="checkbox attach-dialog__item">
              <input
                type="checkbox"
                checked={selected.includes(file.id) && !isWord(file)}
                disabled={isWord(file)}
                onChange={() => toggle(file.id)}
              />
              <span>
                <span className="attach-dialog__title">{file.title}</span>
                <span className="attach-dialog__type">{documentTypeLabel(file.fileType)}</span>
                {isWord(file) && <span className="attach-dialog__type">{WORD_NOT_SHAREABLE}</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ModalDialog
      open={open}
      title="Joindre des documents"
      description="Choisissez les documents de votre dossier locataire à envoyer avec votre message."
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Annuler
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!files.some((f) => selected.includes(f.id) && !isWord(f))}
            onClick={attach}
          >
            Joindre
          </button>
        </>
      }
    >
      <div className="attach-dialog">
        {warning && (
          <p className="notice notice--warning attach-dialog__warning" role="note">
            {warning}
          </p>
        )}
        <div className="attach-dialog__list" style={{ height: 240 }} data-testid="attach-list">
          {list}
        </div>
        <p className="attach-dialog__hint field__hint">{ATTACH_HINT}</p>
        <fieldset className="choice-group attach-dialog__days">
          <legend className="choice-group__legend">Durée du partage</legend>
          <div className="segmented">
            {SHARE_DURATIONS.map((d) => (
              <label key={d} className="segmented__option">
                <input type="radio" name="share-days" value={d} checked={days === d} onChange={() => setDays(d)} />
                <span>{d} jours</span>
              </label>
            ))}
          </div>
          <p className="field__hint">
            Le destinataire reçoit une copie filigranée à son nom ; vous voyez chaque consultation dans Profil →
            Documents.
          </p>
        </fieldset>
        {adding ? (
          <div className="attach-dialog__add">
            <h3 className="attach-dialog__add-title">Nouveau document</h3>
            <DocumentForm
              defaultType="other"
              withDescription={false}
              cancelLabel="Retour à la liste"
              successToast={ADDED_AND_SELECTED}
              failureTitle="Erreur lors du téléchargement du fichier"
              onAdded={(file) => {
                setSelected((list) => [...list, file.id]);
                setAdding(false);
              }}
              onCancel={() => setAdding(false)}
            />
          </div>
        ) : (
          <div className="button-row">
            <button type="button" className="button button--secondary button--small" onClick={() => setAdding(true)}>
              Ajouter un document
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => navigate('/profile?tab=documents')}
            >
              Gérer mes documents
            </button>
          </div>
        )}
      </div>
    </ModalDialog>
  );
}
