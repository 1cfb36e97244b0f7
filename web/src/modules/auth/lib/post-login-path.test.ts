import { authPathReturningTo, postLoginPath } from './post-login-path';

describe('postLoginPath', () => {
  it('should read the history state first, then the query the server redirect wrote', () => {
    expect(postLoginPath({ state: { from: '/history' }, search: '?retour=%2Fmessages' })).toBe('/history');
    expect(postLoginPath({ state: null, search: '?retour=%2Fmessages%2F4' })).toBe('/messages/4');
    expect(postLoginPath({ state: null, search: authPathReturningTo('/walks/3?jour=2').slice('/auth'.length) })).toBe(
      '/walks/3?jour=2',
    );
  });

  it('should never return to /auth itself or to another origin', () => {
    for (const search of ['?retour=%2F%2Fevil.example', '?retour=https%3A%2F%2Fevil.example', '?retour=%2Fauth%3Fx']) {
      expect(postLoginPath({ state: null, search })).toBe('/');
    }
    expect(postLoginPath({ state: { from: '/auth' }, search: '' })).toBe('/');
    expect(postLoginPath({ state: null, search: '' })).toBe('/');
  });
});
