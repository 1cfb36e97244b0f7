import { ZNotificationSettingsForm } from './notification-settings-form';

const valid = {
  quietHoursEnabled: true,
  quietHours: { start: '21:30', end: '08:00' },
  maxPerDay: 15,
  minIntervalMinutes: 2,
};

const messages = (input: unknown) => {
  const result = ZNotificationSettingsForm.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('notification settings form rule', () => {
  it('should accept the defaults, and any quiet hours when they are switched off', () => {
    expect(messages(valid)).toEqual({});
    expect(messages({ ...valid, quietHoursEnabled: false, quietHours: { start: '', end: '' } })).toEqual({});
  });

  it('should give the shared French messages when a limit is out of range or empty', () => {
    expect(messages({ ...valid, maxPerDay: 51, minIntervalMinutes: Number.NaN })).toEqual({
      maxPerDay: "Le nombre maximum d'alertes par jour doit être un entier entre 1 et 50",
      minIntervalMinutes: "L'intervalle entre deux alertes doit être un entier entre 0 et 120 minutes",
    });
  });

  it('should check the quiet hours only when they are switched on', () => {
    expect(messages({ ...valid, quietHours: { start: '', end: '08:00' } })).toEqual({
      'quietHours.start': 'Les heures calmes doivent être au format HH:mm (ex. 21:30)',
    });
    expect(messages({ ...valid, quietHours: { start: '08:00', end: '08:00' } })).toEqual({
      'quietHours.end': 'Le début et la fin des heures calmes doivent être différents',
    });
  });
});
