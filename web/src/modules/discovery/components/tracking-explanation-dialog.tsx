import { PermissionExplanationDialog } from '../../../components/permission-explanation-dialog';

interface TrackingExplanationDialogProps {
  open: boolean;
  onAccept: () => void;
  onCancel: () => void;
}

/** Shown once, before the browser asks for the position permission (tracking is opt-in). */
export function TrackingExplanationDialog(props: TrackingExplanationDialogProps) {
  return (
    <PermissionExplanationDialog
      {...props}
      title="Découvrir en marchant"
      acceptLabel="Activer le suivi"
      className="tracking-explanation"
    >
      <p>
        Pendant que Flâneur est ouvert, la position de votre appareil sert à repérer les biens à vendre ou à louer
        autour de vous qui correspondent à vos critères. Ils s'ajoutent à vos Découvertes.
      </p>
      <p>Votre navigateur va ensuite vous demander l'autorisation d'accéder à votre position.</p>
      <p>
        Vos positions ne servent qu'à ces découvertes et sont effacées au bout de 30 jours. Vous pouvez arrêter le suivi
        à tout moment, et effacer votre historique de positions depuis votre profil (Paramètres).
      </p>
    </PermissionExplanationDialog>
  );
}
