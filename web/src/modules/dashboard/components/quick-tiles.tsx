import { Link } from 'react-router-dom';
import type { NavKey } from '../../../components/bottom-nav-items';
import { NavIcon } from '../../../components/nav-icon';
import { useMe } from '../../auth/hooks/use-me';

interface QuickTilesProps {
  /** All of the user's discoveries, shown on the Découvertes tile when known. */
  discoveriesCount?: number;
  /** Unread messages, shown on the Messages tile when known. */
  unreadCount?: number;
}

/** The four quick tiles of the home screen: Découvertes, Messages, Mes annonces, Profil. */
export function QuickTiles({ discoveriesCount, unreadCount }: QuickTilesProps) {
  const { user } = useMe();
  const tiles: { key: NavKey; label: string; to: string; count?: number; countLabel?: string }[] = [
    {
      key: 'history',
      label: 'Découvertes',
      to: '/history',
      count: discoveriesCount,
      countLabel: `${discoveriesCount} ${discoveriesCount === 1 ? 'découverte' : 'découvertes'}`,
    },
    {
      key: 'messages',
      label: 'Messages',
      to: '/messages',
      count: unreadCount,
      countLabel: `${unreadCount} ${unreadCount === 1 ? 'message non lu' : 'messages non lus'}`,
    },
    { key: 'listings', label: 'Mes annonces', to: '/my-properties' },
    { key: 'profile', label: 'Profil', to: user ? `/profile/${encodeURIComponent(user.username)}` : '/auth' },
  ];

  return (
    <nav className="quick-tiles" aria-label="Accès rapides">
      <ul className="quick-tiles__list">
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link to={tile.to} className="quick-tiles__tile">
              <span className="quick-tiles__name">
                <NavIcon name={tile.key} />
                <span className="quick-tiles__label">{tile.label}</span>
              </span>
              {tile.count !== undefined && (
                <span className="quick-tiles__count">
                  <span aria-hidden="true">{tile.count}</span>
                  <span className="visually-hidden">{tile.countLabel}</span>
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
