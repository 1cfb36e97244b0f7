import { zodResolver } from '@hookform/resolvers/zod';
import { NOTIFICATION_LIMITS } from '@flaneur/schema';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import type { NotificationSettings_SettingsFragment } from '../../../gql/graphql';
import { useUpdateNotificationSettingsMutation } from '../hooks/use-update-notification-settings-mutation';
import { toFormValues, toSettingsInput, ZNotificationSettingsForm } from '../lib/notification-settings-form';

const L = NOTIFICATION_LIMITS;

/** Quiet hours and the alert limits, saved together with « Enregistrer ». */
export function NotificationLimitsForm({ settings }: { settings: NotificationSettings_SettingsFragment }) {
  const { updateSettings } = useUpdateNotificationSettingsMutation();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZNotificationSettingsForm), defaultValues: toFormValues(settings) });
  const quietOn = watch('quietHoursEnabled');
  const perDay = watch('maxPerDay');

  const onSubmit = handleSubmit(async (form) => {
    const result = await updateSettings(settings, toSettingsInput(form), { successToast: true });
    if (result.ok) return reset(form);
    for (const name of ['maxPerDay', 'minIntervalMinutes'] as const)
      if (result.fields[name]) setError(name, { message: result.fields[name] });
    if (result.fields.quietHours) setError('quietHours.end', { message: result.fields.quietHours });
  });

  const perDayHint =
    Number.isInteger(perDay) && perDay >= L.maxPerDay.min && perDay <= L.maxPerDay.max
      ? `Au plus ${perDay} alerte${perDay > 1 ? 's' : ''} de passage par jour (de ${L.maxPerDay.min} à ${L.maxPerDay.max}).`
      : `De ${L.maxPerDay.min} à ${L.maxPerDay.max}.`;

  return (
    <form className="form notification-limits" noValidate onSubmit={onSubmit} aria-label="Heures calmes et limites">
      <fieldset className="form__group notification-limits__quiet">
        <legend>Heures calmes</legend>
        <label className="checkbox notification-limits__toggle">
          <input type="checkbox" {...register('quietHoursEnabled')} />
          <span>Aucune alerte pendant ces heures (heure de Paris)</span>
        </label>
        {quietOn && (
          <div className="notification-limits__times">
            <FormField
              label="Début"
              type="time"
              required
              registration={register('quietHours.start')}
              error={errors.quietHours?.start}
            />
            <FormField
              label="Fin"
              type="time"
              required
              registration={register('quietHours.end')}
              error={errors.quietHours?.end}
            />
          </div>
        )}
      </fieldset>
      <FormField
        label="Alertes par jour"
        type="number"
        inputMode="numeric"
        min={L.maxPerDay.min}
        max={L.maxPerDay.max}
        step={1}
        hint={perDayHint}
        registration={register('maxPerDay', { valueAsNumber: true })}
        error={errors.maxPerDay}
      />
      <FormField
        label="Intervalle minimal entre deux alertes (minutes)"
        type="number"
        inputMode="numeric"
        min={L.minIntervalMinutes.min}
        max={L.minIntervalMinutes.max}
        step={1}
        hint={`De ${L.minIntervalMinutes.min} à ${L.minIntervalMinutes.max} minutes.`}
        registration={register('minIntervalMinutes', { valueAsNumber: true })}
        error={errors.minIntervalMinutes}
      />
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {isSubmitting ? 'Enregistrement...' : 'Enregistrer'}
      </button>
    </form>
  );
}
