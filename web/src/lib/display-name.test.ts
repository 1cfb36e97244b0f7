import { displayName } from './display-name';

describe('displayName', () => {
  it('should join first and last name when both exist', () => {
    expect(displayName({ username: 'marie', firstName: 'Marie', lastName: 'Curie' })).toBe('Marie Curie');
  });

  it('should use the first name alone when the last name is missing', () => {
    expect(displayName({ username: 'marie', firstName: 'Marie', lastName: null })).toBe('Marie');
  });

  it('should fall back to the username when there is no first name', () => {
    expect(displayName({ username: 'marie', firstName: ' ', lastName: 'Curie' })).toBe('marie');
  });
});
