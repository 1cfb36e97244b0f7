import { WALK_MSG } from '@flaneur/schema';
import { useId } from 'react';
import { PermissionExplanationDialog } from '../../../components/permission-explanation-dialog';

interface TrackingExplanationDialogProps {
  open: boolean;
  onAccept: () => void;
  onCancel: () => void;
  /** The walking radius offered instead of the saved one (« 500 m » and « 2 km »), or null when none is offered. */
  radiusOffer?: { radius: string; saved: string } | null;
  /** Whether the offered radius is taken (checked by default). */
  narrow?: boolean;
  onNarrowChange?: (narrow: boolean) => void;
}

/** Shown once, before the browser asks for the position permission (tracking is opt-in). */
export function TrackingExplanationDialog({
  radiusOffer,
  narrow,
  onNarrowChange,
  ...props
}: TrackingExplanationDialogProps) {
  const checkboxId = useId();
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
      {radiusOffer && (
        <p className="tracking-explanation__radius">
          <input
            id={checkboxId}
            type="checkbox"
            checked={narrow ?? false}
            onChange={(event) => onNarrowChange?.(event.target.checked)}
          />
          <label htmlFor={checkboxId}>
            {WALK_MSG.trackingWalkRadius.replace('{radius}', radiusOffer.radius).replace('{saved}', radiusOffer.saved)}
          </label>
        </p>
      )}
      <p>Votre navigateur va ensuite vous demander l'autorisation d'accéder à votre position.</p>
      <p>
        Vos positions ne servent qu'à ces découvertes et sont effacées au bout de 30 jours. Vous pouvez arrêter le suivi
        à tout moment, et effacer votre historique de positions depuis votre profil (Paramètres).
      </p>
    </PermissionExplanationDialog>
  );
}
