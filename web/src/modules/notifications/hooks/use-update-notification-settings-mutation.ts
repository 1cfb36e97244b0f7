import { useMutation } from '@apollo/client/react';
import { fieldErrors, serverMessage } from '../../../apollo/graphql-errors';
import { toast } from '../../../components/toaster/use-toast';
import {
  NotificationSettingsDocument,
  UpdateNotificationSettingsDocument,
  type NotificationSettings_SettingsFragment,
  type NotificationSettingsInput,
} from '../../../gql/graphql';

/** The outcome of a change; `fields` holds the server's per-field messages. */
export type UpdateSettingsResult = { ok: true } | { ok: false; fields: Record<string, string> };

/**
 * Changes some alert settings (absent keys keep their value, `quietHours: null` removes them). The
 * cached settings change at once (a switch moves without waiting) and are put back if the server refuses.
 */
export function useUpdateNotificationSettingsMutation() {
  const [mutate, { loading }] = useMutation(UpdateNotificationSettingsDocument);

  const updateSettings = async (
    current: NotificationSettings_SettingsFragment,
    input: NotificationSettingsInput,
    { successToast = false }: { successToast?: boolean } = {},
  ): Promise<UpdateSettingsResult> => {
    // Typed for the cache: the generated types omit __typename, the cache needs it to store the answer.
    const optimistic = {
      __typename: 'NotificationSettings' as const,
      passingAlerts: input.passingAlerts ?? current.passingAlerts,
      messageAlerts: input.messageAlerts ?? current.messageAlerts,
      maxPerDay: input.maxPerDay ?? current.maxPerDay,
      minIntervalMinutes: input.minIntervalMinutes ?? current.minIntervalMinutes,
      quietHours:
        input.quietHours === undefined
          ? current.quietHours
          : input.quietHours && { __typename: 'QuietHours' as const, ...input.quietHours },
    };
    try {
      await mutate({
        variables: { input },
        optimisticResponse: { updateNotificationSettings: optimistic },
        update: (cache, { data }) => {
          if (data)
            cache.writeQuery({
              query: NotificationSettingsDocument,
              data: { notificationSettings: data.updateNotificationSettings },
            });
        },
      });
      if (successToast)
        toast({ title: 'Réglages enregistrés', description: 'Vos réglages de notifications ont été enregistrés.' });
      return { ok: true };
    } catch (error) {
      toast({
        title: 'Erreur',
        description:
          serverMessage(error) ?? "Impossible d'enregistrer vos réglages de notifications. Veuillez réessayer.",
        variant: 'destructive',
      });
      return { ok: false, fields: fieldErrors(error) };
    }
  };

  return { updateSettings, loading };
}
