import { PermissionExplanationDialog } from '../../../components/permission-explanation-dialog';

interface PushExplanationDialogProps {
  open: boolean;
  onAccept: () => void;
  onCancel: () => void;
}

/** Shown before the browser asks for the notification permission (asked only after this click). */
export function PushExplanationDialog(props: PushExplanationDialogProps) {
  return (
    <PermissionExplanationDialog
      {...props}
      title="Activer les notifications"
      acceptLabel="Continuer"
      className="push-explanation"
    >
      <p>
        Flâneur peut vous prévenir sur cet appareil quand vous passez près d'un bien qui correspond à vos critères, et
        quand vous recevez un message, même si l'application est fermée.
      </p>
      <p>Votre navigateur va ensuite vous demander l'autorisation d'afficher des notifications.</p>
      <p>
        Vous choisissez ici des heures calmes et un nombre maximum d'alertes par jour, et vous pouvez les couper à tout
        moment.
      </p>
    </PermissionExplanationDialog>
  );
}
