import type { NavKey } from './bottom-nav-items';

// 24×24 stroke icons (Lucide-style paths), decorative: the entry's label names it.
const PATHS: Record<NavKey, string[]> = {
  home: ['M3 10.5 12 3l9 7.5', 'M5 9.5V21h14V9.5', 'M10 21v-6h4v6'],
  history: ['M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z', 'M12 12.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z'],
  favorites: ['M19.5 12.6 12 20l-7.5-7.4A4.9 4.9 0 0 1 12 6.1a4.9 4.9 0 0 1 7.5 6.5Z'],
  listings: ['M4 4h16v16H4Z', 'M8 9h8', 'M8 13h8', 'M8 17h5'],
  messages: ['M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Z'],
  profile: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z', 'M4 21a8 8 0 0 1 16 0'],
};

/** The icon of a bottom-navigation entry. */
export function NavIcon({ name }: { name: NavKey }) {
  return (
    <svg className="nav-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
