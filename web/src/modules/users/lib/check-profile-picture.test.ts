import { checkProfilePicture } from './check-profile-picture';

const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'photo', { type });

describe('checkProfilePicture', () => {
  it.each(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])('should accept %s', (type) => {
    expect(checkProfilePicture(file(type))).toBeNull();
  });

  it('should refuse another type with the French texts', () => {
    expect(checkProfilePicture(file('image/svg+xml'))).toEqual({
      title: 'Type de fichier non supporté',
      description: 'Veuillez télécharger une image au format JPEG, PNG, GIF ou WebP.',
    });
  });

  it('should refuse a picture over 5 MB, and accept exactly 5 MB', () => {
    expect(checkProfilePicture(file('image/png', 5 * 1024 * 1024 + 1))?.title).toBe('Fichier trop volumineux');
    expect(checkProfilePicture(file('image/png', 5 * 1024 * 1024))).toBeNull();
  });
});
