import { Link, useLocation } from 'react-router-dom';
import { useMe } from '../modules/auth/hooks/use-me';
import { navItems } from './bottom-nav-items';
import { NavIcon } from './nav-icon';

/** Bottom navigation; the active entry carries aria-current="page". */
export function BottomNav() {
  const { pathname } = useLocation();
  const { user } = useMe();

  return (
    <nav className="bottom-nav" aria-label="Navigation principale">
      <ul className="bottom-nav__list">
        {navItems(user?.username ?? null).map((item) => {
          const active = item.isActive(pathname);
          return (
            <li key={item.key}>
              <Link to={item.to} className="bottom-nav__link" aria-current={active ? 'page' : undefined}>
                <NavIcon name={item.key} />
                <span className="bottom-nav__label">{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
