import { stopLocationTracking } from './location-tracking';

describe('stopLocationTracking', () => {
  const clearWatch = jest.fn();

  beforeAll(() => {
    Object.defineProperty(navigator, 'geolocation', { value: { clearWatch }, configurable: true });
  });

  it('should turn tracking off and clear a numeric watch', () => {
    window.localStorage.setItem('location_tracking_enabled', 'true');
    window.localStorage.setItem('location_tracking_watch_id', '12');

    stopLocationTracking();

    expect(clearWatch).toHaveBeenCalledWith(12);
    expect(window.localStorage.getItem('location_tracking_enabled')).toBe('false');
    expect(window.localStorage.getItem('location_tracking_watch_id')).toBeNull();
  });

  it('should not clear anything when the stored id is not a number', () => {
    window.localStorage.setItem('location_tracking_watch_id', 'abc');

    stopLocationTracking();

    expect(clearWatch).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('location_tracking_watch_id')).toBeNull();
  });
});
