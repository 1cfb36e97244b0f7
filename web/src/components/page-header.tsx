import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface PageHeaderProps {
  /** The screen's title: shown on the left and used as the page's heading and document title. */
  title: string;
  /** Optional controls on the right (back, share…). */
  actions?: ReactNode;
}

/** Page header: title left, logo centre (link to /), the tagline under it. */
export function PageHeader({ title, actions }: PageHeaderProps) {
  useEffect(() => {
    document.title = `${title} · Flâneur`;
  }, [title]);

  return (
    <header className="page-header">
      <h1 className="page-header__title">{title}</h1>
      <Link to="/" className="page-header__brand" aria-label="Flâneur, aller à l'accueil">
        <img src="/logo.svg" alt="" width="32" height="32" />
        <span className="page-header__name" aria-hidden="true">
          Flâneur
        </span>
      </Link>
      <div className="page-header__actions">{actions}</div>
      <p className="page-header__tagline">Découvrez l'immobilier en marchant</p>
    </header>
  );
}
