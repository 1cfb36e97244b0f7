import { useId } from 'react';
import { Spinner } from '../../../components/spinner';
import { useNotificationSettingsQuery } from '../hooks/use-notification-settings-query';
import { usePushAlerts, type PushAlertsStatus } from '../hooks/use-push-alerts';
import { useSendTestNotificationMutation } from '../hooks/use-send-test-notification-mutation';
import { useUpdateNotificationSettingsMutation } from '../hooks/use-update-notification-settings-mutation';
import { AlertSwitch } from './alert-switch';
import { NotificationLimitsForm } from './notification-limits-form';
import { PushExplanationDialog } from './push-explanation-dialog';
import '../../discovery/tracking.css';
import '../notifications.css';

/** What this device can do, under the switches. */
export const DEVICE_STATUS_TEXT: Record<PushAlertsStatus, string> = {
  on: 'Sur cet appareil : activées.',
  off: 'Sur cet appareil : désactivées.',
  denied:
    'Sur cet appareil : refusées par le navigateur. Autorisez les notifications pour Flâneur dans les réglages du site de votre navigateur, puis rechargez la page.',
  unsupported: 'Sur cet appareil : non prises en charge par ce navigateur.',
  'ios-install':
    "Sur iPhone et iPad, ajoutez d'abord Flâneur à l'écran d'accueil (bouton Partager, puis « Sur l'écran d'accueil »), puis ouvrez-le depuis son icône pour activer les alertes.",
  checking: 'Sur cet appareil : vérification…',
  explaining: 'Sur cet appareil : activation…',
  subscribing: 'Sur cet appareil : activation…',
  unsubscribing: 'Sur cet appareil : désactivation…',
};

type AlertKey = 'passingAlerts' | 'messageAlerts';

/**
 * Paramètres → Notifications. A switch is on when the account wants that alert AND this device is
 * subscribed: switching on subscribes the device (permission asked after an explanation), switching
 * off changes the account setting, and the device's subscription ends once neither alert is wanted.
 */
export function NotificationSettingsSection() {
  const statusId = useId();
  const { data, error, refetch } = useNotificationSettingsQuery();
  const push = usePushAlerts();
  const { updateSettings } = useUpdateNotificationSettingsMutation();
  const { sendTest, loading: testing } = useSendTestNotificationMutation();
  const settings = data?.notificationSettings;
  const unavailable = ['unsupported', 'ios-install', 'denied'].includes(push.status);

  const toggle = async (key: AlertKey, next: boolean) => {
    if (!settings) return;
    const other: AlertKey = key === 'passingAlerts' ? 'messageAlerts' : 'passingAlerts';
    if (next) {
      if (!push.subscribed && !(await push.enable())) return;
      if (!settings[key]) await updateSettings(settings, { [key]: true });
      return;
    }
    const saved = await updateSettings(settings, { [key]: false });
    // Nothing left for this device to receive: its subscription goes too.
    if (saved.ok && !settings[other]) await push.disable();
  };

  // The toast area is already the page's « Notifications » landmark: this one has its own name.
  return (
    <section className="card profile-settings__card notification-settings" aria-label="Réglages des notifications">
      <h2 className="card__title">Notifications</h2>
      {error && !settings ? (
        <div className="notification-settings__error">
          <p>Impossible de charger vos réglages de notifications.</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void refetch().catch(() => undefined)}
          >
            Réessayer
          </button>
        </div>
      ) : !settings ? (
        <Spinner label="Chargement des réglages de notifications…" />
      ) : (
        <>
          <AlertSwitch
            title="Alertes de passage"
            description="Une notification quand vous passez près d'un bien qui correspond à vos critères."
            checked={push.subscribed && settings.passingAlerts}
            disabled={unavailable}
            busy={push.busy}
            statusId={statusId}
            onToggle={(next) => void toggle('passingAlerts', next)}
          />
          <AlertSwitch
            title="Alertes de messages"
            description="Une notification quand vous recevez un message ou une demande de visite."
            checked={push.subscribed && settings.messageAlerts}
            disabled={unavailable}
            busy={push.busy}
            statusId={statusId}
            onToggle={(next) => void toggle('messageAlerts', next)}
          />
          <p id={statusId} className="notification-settings__status" data-status={push.status}>
            {DEVICE_STATUS_TEXT[push.status]}
          </p>
          <NotificationLimitsForm settings={settings} />
          <div className="notification-settings__test">
            <p className="page__note">Envoie une notification de test à chacun de vos appareils abonnés.</p>
            <button
              type="button"
              className="button button--secondary"
              disabled={testing}
              onClick={() => void sendTest()}
            >
              {testing ? 'Envoi...' : 'Tester'}
            </button>
          </div>
        </>
      )}
      <PushExplanationDialog
        open={push.status === 'explaining'}
        onAccept={() => void push.confirm()}
        onCancel={push.cancel}
      />
    </section>
  );
}
