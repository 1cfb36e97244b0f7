import { reportSubscriptionError } from './subscription-errors';

describe('reportSubscriptionError', () => {
  let error: jest.SpyInstance;
  beforeEach(() => {
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => error.mockRestore());

  it('should stay quiet when the socket closes because the session ended (4401)', () => {
    reportSubscriptionError('aux découvertes', new Error('Socket closed with event 4401 Session ended'));
    expect(error).not.toHaveBeenCalled();
  });

  it('should report any other interruption in French', () => {
    const lost = new Error('Socket closed with event 1006');
    reportSubscriptionError('aux découvertes', lost);
    expect(error).toHaveBeenCalledWith('Abonnement aux découvertes interrompu', lost);
  });
});
