import { ModalDialog } from '../../../components/modal-dialog';

interface PushExplanationDialogProps {
  open: boolean;
  onAccept: () => void;
  onCancel: () => void;
}

/** Shown before the browser asks for the notification permission (asked only after this click). */
export function PushExplanationDialog({ open, onAccept, onCancel }: PushExplanationDialogProps) {
  return (
    <ModalDialog
      open={open}
      title="Activer les notifications"
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Plus tard
          </button>
          <button type="button" className="button button--primary" onClick={onAccept}>
            Continuer
          </button>
        </>
      }
    >
      <div className="push-explanation">
        <p>
          Flâneur peut vous prévenir sur cet appareil quand vous passez près d'un bien qui correspond à vos critères, et
          quand vous recevez un message, même si l'application est fermée.
        </p>
        <p>Votre navigateur va ensuite vous demander l'autorisation d'afficher des notifications.</p>
        <p>
          Vous choisissez ici des heures calmes et un nombre maximum d'alertes par jour, et vous pouvez les couper à
          tout moment.
        </p>
      </div>
    </ModalDialog>
  );
}
