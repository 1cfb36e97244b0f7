import { Link, useLocation } from 'react-router-dom';
import { useMe } from '../modules/auth/hooks/use-me';
import { useUnreadMessageCount } from '../modules/dashboard/hooks/use-unread-message-count';
import { navItems } from '../components/bottom-nav-items';
import { NavIcon } from '../components/nav-icon';

/** « 1 non lu », « 3 non lus ». */
function unreadLabel(count: number): string {
  return `${count} non ${count > 1 ? 'lus' : 'lu'}`;
}

/** Bottom navigation; the active entry carries aria-current="page"; Messages shows the unread count. */
export function BottomNav() {
  const { pathname } = useLocation();
  const { user } = useMe();
  const unread = useUnreadMessageCount() ?? 0;

  return (
    <nav className="bottom-nav" aria-label="Navigation principale">
      <ul className="bottom-nav__list">
        {navItems(user?.username ?? null).map((item) => {
          const active = item.isActive(pathname);
          const badge = item.key === 'messages' && unread > 0 ? unread : 0;
          return (
            <li key={item.key}>
              <Link
                to={item.to}
                className="bottom-nav__link"
                aria-current={active ? 'page' : undefined}
                aria-label={badge ? `${item.label}, ${unreadLabel(badge)}` : undefined}
              >
                <NavIcon name={item.key} />
                <span className="bottom-nav__label">{item.label}</span>
                {badge > 0 && (
                  <span className="bottom-nav__badge" aria-hidden="true">
                    {badge > 99 ? '99+' : badge}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
