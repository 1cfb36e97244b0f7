import type { MockLink } from '@apollo/client/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DiscoveryAddedDocument,
  NotificationSettingsDocument,
  PushPublicKeyDocument,
  SendTestNotificationDocument,
  SubscribePushDocument,
  UnreadMessagesUpdatedDocument,
  UnsubscribePushDocument,
  UpdateNotificationSettingsDocument,
  type NotificationSettings_SettingsFragment,
} from '../../../gql/graphql';
import { buildUser, meMock } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import {
  installPushBrowser,
  pretendIphoneSafari,
  TEST_ENDPOINT,
  TEST_KEYS,
  uninstallPushBrowser,
} from '../testing/push-browser.mock';

// Warms the lazily loaded screen so the first test does not pay for its compilation.
beforeAll(() => import('../../../routes/profile.page'));
afterEach(uninstallPushBrowser);

const DEFAULTS = {
  passingAlerts: true,
  messageAlerts: true,
  quietHours: { start: '21:30', end: '08:00' },
  maxPerDay: 15,
  minIntervalMinutes: 2,
};

function settingsData(overrides: Partial<NotificationSettings_SettingsFragment> = {}) {
  const settings = { ...DEFAULTS, ...overrides };
  return {
    __typename: 'NotificationSettings',
    ...settings,
    quietHours: settings.quietHours && { __typename: 'QuietHours', ...settings.quietHours },
  };
}

/** A mock that records the variables it was called with. */
function recorded(
  query: MockLink.MockedResponse['request']['query'],
  variables: Record<string, unknown>,
  data: object,
) {
  const calls: unknown[] = [];
  const mock: MockLink.MockedResponse = {
    request: { query, variables },
    result: (vars: unknown) => {
      calls.push(vars);
      return { data };
    },
  };
  return { mock, calls };
}

function renderSettings(mocks: MockLink.MockedResponse[] = [], settings = settingsData()) {
  return renderApp({
    path: '/profile?tab=settings',
    mocks: [
      meMock(buildUser()),
      { request: { query: NotificationSettingsDocument }, result: { data: { notificationSettings: settings } } },
      { request: { query: DiscoveryAddedDocument }, delay: Infinity },
      { request: { query: UnreadMessagesUpdatedDocument }, delay: Infinity },
      ...mocks,
    ],
  });
}

const passingSwitch = () => screen.findByRole('switch', { name: 'Alertes de passage' });
const toastWith = async (title: string) => (await screen.findByText(title)).closest('li')!;

describe('Paramètres → Notifications', () => {
  it('should ask the permission only after a click and the explanation, then subscribe and send the subscription JSON', async () => {
    const user = userEvent.setup();
    const browser = installPushBrowser();
    const subscribe = recorded(
      SubscribePushDocument,
      { subscription: { endpoint: TEST_ENDPOINT, expirationTime: null, keys: TEST_KEYS } },
      { subscribePush: { __typename: 'PushSubscriptionResult', id: '7' } },
    );
    renderSettings([
      { request: { query: PushPublicKeyDocument }, result: { data: { pushPublicKey: 'BAEC' } } },
      subscribe.mock,
    ]);

    const toggle = await passingSwitch();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Sur cet appareil : désactivées.')).toBeInTheDocument();
    // Nothing is asked on page load, nor by opening the explanation, nor by « Plus tard ».
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Activer les notifications' });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continuer' }));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([4, 1, 2]),
    });
    expect(subscribe.calls).toEqual([
      { subscription: { endpoint: TEST_ENDPOINT, expirationTime: null, keys: TEST_KEYS } },
    ]);
    expect(screen.getByText('Sur cet appareil : activées.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Alertes de messages' })).toHaveAttribute('aria-checked', 'true');
  });

  it('should say « refusées par le navigateur » and ask nothing when the browser refused', async () => {
    const user = userEvent.setup();
    const browser = installPushBrowser({ permission: 'denied' });
    renderSettings();

    const toggle = await passingSwitch();
    expect(screen.getByText(/^Sur cet appareil : refusées par le navigateur\./)).toBeInTheDocument();
    expect(toggle).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Alertes de messages' })).toBeDisabled();
    await user.click(toggle);
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should say « non prises en charge » in a browser without Web Push', async () => {
    renderSettings();

    expect(await passingSwitch()).toBeDisabled();
    expect(screen.getByText('Sur cet appareil : non prises en charge par ce navigateur.')).toBeInTheDocument();
  });

  it('should tell an iPhone in Safari to add Flâneur to the home screen first', async () => {
    pretendIphoneSafari();
    installPushBrowser();
    renderSettings();

    expect(await passingSwitch()).toBeDisabled();
    expect(screen.getByText(/ajoutez d'abord Flâneur à l'écran d'accueil/)).toHaveTextContent(
      "Sur iPhone et iPad, ajoutez d'abord Flâneur à l'écran d'accueil (bouton Partager, puis « Sur l'écran d'accueil »)",
    );
  });

  it('should turn passing alerts off for the account, and end the device subscription when no alert is left', async () => {
    const user = userEvent.setup();
    const browser = installPushBrowser({ permission: 'granted', subscribed: true });
    const update = recorded(
      UpdateNotificationSettingsDocument,
      { input: { passingAlerts: false } },
      { updateNotificationSettings: settingsData({ passingAlerts: false, messageAlerts: false }) },
    );
    const unsubscribe = recorded(UnsubscribePushDocument, { endpoint: TEST_ENDPOINT }, { unsubscribePush: true });
    const resync = recorded(
      SubscribePushDocument,
      { subscription: { endpoint: TEST_ENDPOINT, expirationTime: null, keys: TEST_KEYS } },
      { subscribePush: { __typename: 'PushSubscriptionResult', id: '7' } },
    );
    renderSettings([resync.mock, update.mock, unsubscribe.mock], settingsData({ messageAlerts: false }));

    const toggle = await passingSwitch();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    // The server's copy of this device's subscription is refreshed on the way in.
    await waitFor(() => expect(resync.calls).toHaveLength(1));
    await user.click(toggle);

    await waitFor(() => expect(unsubscribe.calls).toEqual([{ endpoint: TEST_ENDPOINT }]));
    expect(update.calls).toEqual([{ input: { passingAlerts: false } }]);
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Sur cet appareil : désactivées.')).toBeInTheDocument();
  });

  it('should refuse out-of-range limits and equal quiet hours with the French messages, then save', async () => {
    const user = userEvent.setup();
    const update = recorded(
      UpdateNotificationSettingsDocument,
      { input: { quietHours: null, maxPerDay: 5, minIntervalMinutes: 10 } },
      { updateNotificationSettings: settingsData({ quietHours: null, maxPerDay: 5, minIntervalMinutes: 10 }) },
    );
    renderSettings([update.mock]);

    const perDay = await screen.findByLabelText('Alertes par jour');
    expect(screen.getByText('Au plus 15 alertes de passage par jour (de 1 à 50).')).toBeInTheDocument();
    await user.clear(perDay);
    await user.type(perDay, '60');
    await user.clear(screen.getByLabelText('Intervalle minimal entre deux alertes (minutes)'));
    const end = screen.getByLabelText(/^Fin/);
    await user.clear(end);
    await user.type(end, '21:30');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(
      await screen.findByText("Le nombre maximum d'alertes par jour doit être un entier entre 1 et 50"),
    ).toBeInTheDocument();
    expect(
      screen.getByText("L'intervalle entre deux alertes doit être un entier entre 0 et 120 minutes"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Alertes par jour')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(perDay);
    await user.type(perDay, '5');
    await user.type(screen.getByLabelText('Intervalle minimal entre deux alertes (minutes)'), '10');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le début et la fin des heures calmes doivent être différents')).toBeInTheDocument();
    expect(update.calls).toHaveLength(0);

    // Switched off, the quiet hours are removed (null) and no longer checked.
    await user.click(screen.getByRole('checkbox', { name: 'Aucune alerte pendant ces heures (heure de Paris)' }));
    expect(screen.queryByLabelText(/^Fin/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await toastWith('Réglages enregistrés');
    expect(update.calls).toEqual([{ input: { quietHours: null, maxPerDay: 5, minIntervalMinutes: 10 } }]);
  });

  it('should send a test notification and say to how many devices, or that none is subscribed', async () => {
    const user = userEvent.setup();
    renderSettings([
      { request: { query: SendTestNotificationDocument }, result: { data: { sendTestNotification: 2 } } },
      { request: { query: SendTestNotificationDocument }, result: { data: { sendTestNotification: 0 } } },
    ]);

    await user.click(await screen.findByRole('button', { name: 'Tester' }));
    expect(
      within(await toastWith('Notification de test envoyée')).getByText('Envoyée à 2 appareils.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Tester' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Tester' }));
    expect(await toastWith('Aucun appareil abonné')).toBeInTheDocument();
  });

  it('should route a clicked alert inside the open app, without a reload', async () => {
    const browser = installPushBrowser({ permission: 'granted' });
    const { router } = renderSettings();
    await passingSwitch();

    act(() => {
      browser.serviceWorker.dispatchEvent(
        new MessageEvent('message', { data: { type: 'flaneur:notification-click', url: '/history' } }),
      );
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/history'));
    // Another origin is never followed.
    act(() => {
      browser.serviceWorker.dispatchEvent(
        new MessageEvent('message', { data: { type: 'flaneur:notification-click', url: '//evil.example/' } }),
      );
    });
    expect(router.state.location.pathname).toBe('/history');
  });
});
