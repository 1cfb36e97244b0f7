import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AccessTokensSection } from '../../access-tokens/components/access-tokens-section';
import { TrackingToggle } from '../../discovery/components/tracking-toggle';
import { NotificationSettingsSection } from '../../notifications/components/notification-settings-section';
import { useEraseMyLocationsMutation } from '../hooks/use-erase-my-locations-mutation';
import { AccountDataSection } from './account-data-section';
import { ChangePasswordForm } from './change-password-form';

/** The Paramètres tab: background discovery on/off, erase the stored positions, password, data export and account deletion. */
export function ProfileSettings() {
  const { eraseLocations, loading } = useEraseMyLocationsMutation();
  const [confirming, setConfirming] = useState(false);

  const erase = async () => {
    await eraseLocations();
    setConfirming(false);
  };

  return (
    <div className="profile-settings">
      <TrackingToggle />
      <NotificationSettingsSection />
      <section className="card profile-settings__card" aria-labelledby="erase-locations-title">
        <h2 id="erase-locations-title" className="card__title">
          Historique de positions
        </h2>
        <p className="page__note">
          Les positions envoyées pendant la découverte en marchant sont effacées automatiquement après 30 jours. Vous
          pouvez les effacer toutes maintenant.
        </p>
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          Effacer mon historique de positions
        </button>
      </section>
      <ChangePasswordForm />
      <AccessTokensSection />
      <AccountDataSection />
      <ConfirmDialog
        open={confirming}
        title="Effacer votre historique de positions ?"
        description="Toutes les positions enregistrées seront supprimées définitivement. Vos découvertes restent. Cette action est irréversible."
        confirmLabel="Effacer"
        busyLabel="Effacement..."
        busy={loading}
        onConfirm={() => void erase()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
