import { Link } from 'react-router-dom';

/** At the end of every screen, above the bottom bar: the publishing rules and the developers' guide. */
export function ShellFooter() {
  return (
    <footer className="shell-footer">
      <Link to="/qui-peut-publier">Qui peut publier ?</Link>
      <span aria-hidden="true"> · </span>
      <Link to="/developers">Développeurs</Link>
    </footer>
  );
}
