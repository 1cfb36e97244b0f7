/** The six entries of the bottom navigation and their active rules. */
export type NavKey = 'home' | 'history' | 'favorites' | 'listings' | 'messages' | 'profile';

export interface NavItem {
  key: NavKey;
  label: string;
  to: string;
  isActive: (pathname: string) => boolean;
}

/** Entries in display order; Profil points to the user's profile when signed in, else to /auth. */
export function navItems(username: string | null): NavItem[] {
  return [
    { key: 'home', label: 'Accueil', to: '/dashboard', isActive: (p) => p === '/dashboard' },
    { key: 'history', label: 'Découvertes', to: '/history', isActive: (p) => p === '/history' },
    { key: 'favorites', label: 'Favoris', to: '/favorites', isActive: (p) => p === '/favorites' },
    { key: 'listings', label: 'Mes annonces', to: '/my-properties', isActive: (p) => p === '/my-properties' },
    { key: 'messages', label: 'Messages', to: '/messages', isActive: (p) => p.startsWith('/messages') },
    {
      key: 'profile',
      label: 'Profil',
      to: username ? `/profile/${encodeURIComponent(username)}` : '/auth',
      isActive: (p) => p.startsWith('/profile') || p === '/auth',
    },
  ];
}
