import { toastStore } from '../../../components/toaster/toast-store';
import { announceDiscovery } from './discovery-toasts';

describe('discovery toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const shown = () => toastStore.getSnapshot().map((t) => [t.title, t.description]);

  it('should name a single discovery', () => {
    announceDiscovery('Loft Belleville');
    jest.advanceTimersByTime(600);

    expect(shown()).toEqual([['Nouvelle découverte', 'Loft Belleville']]);
  });

  it('should announce a burst once, with its count', () => {
    ['A', 'B', 'C'].forEach(announceDiscovery);
    jest.advanceTimersByTime(600);

    expect(shown()).toEqual([['3 nouvelles découvertes', 'Elles ont été ajoutées à vos Découvertes.']]);
  });
});
