import { Link } from 'react-router-dom';
import { useMe } from '../../auth/hooks/use-me';

interface QuickTilesProps {
  /** Today's discoveries, shown on the Découvertes tile when known. */
  discoveriesCount?: number;
  /** Unread messages, shown on the Messages tile when known. */
  unreadCount?: number;
}

/** The four quick tiles of SPEC §2: Découvertes, Messages, Mes annonces, Profil. */
export function QuickTiles({ discoveriesCount, unreadCount }: QuickTilesProps) {
  const { user } = useMe();
  const tiles = [
    { label: 'Découvertes', to: '/history', count: discoveriesCount },
    { label: 'Messages', to: '/messages', count: unreadCount },
    { label: 'Mes annonces', to: '/my-properties', count: undefined },
    { label: 'Profil', to: user ? `/profile/${encodeURIComponent(user.username)}` : '/auth', count: undefined },
  ];

  return (
    <nav className="quick-tiles" aria-label="Accès rapides">
      <ul className="quick-tiles__list">
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link to={tile.to} className="quick-tiles__tile">
              <span className="quick-tiles__label">{tile.label}</span>
              {tile.count !== undefined && <span className="quick-tiles__count">{tile.count}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
